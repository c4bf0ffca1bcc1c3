import { useState } from "react";
import { Form, Input, Modal } from "antd";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { NICKNAME_MAX } from "@beannote/contract/limits";
import { accountKeys, accountsApi } from "../../api";
import { toast } from "../../components/toast-store";
import { errorMessage } from "../../i18n/error-message";

/** Edits the nickname (PUT /member/modify-info). */
export function NicknameModal({
  open,
  current,
  onClose,
}: {
  open: boolean;
  current: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ nickname: string }>();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const handleSave = async () => {
    let nickname: string;
    try {
      ({ nickname } = await form.validateFields());
    } catch {
      return;
    }
    setBusy(true);
    try {
      await accountsApi.modifyInfo({ nickname: nickname.trim() });
      await queryClient.invalidateQueries({ queryKey: accountKeys.me() });
      toast.success(t("settings.nicknameSaved"));
      onClose();
    } catch (error) {
      form.setFields([{ name: "nickname", errors: [errorMessage(error, t)] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("settings.editNickname")}
      onOk={handleSave}
      onCancel={onClose}
      okText={t("common.save")}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={handleSave}
        initialValues={{ nickname: current }}
        preserve={false}
      >
        <Form.Item
          name="nickname"
          label={t("settings.nickname")}
          rules={[
            { required: true, whitespace: true, message: t("settings.nicknameRequired") },
            { max: NICKNAME_MAX, message: t("settings.nicknameTooLong", { max: NICKNAME_MAX }) },
          ]}
        >
          <Input
            autoFocus
            maxLength={NICKNAME_MAX + 8}
            showCount={{ formatter: ({ count }) => `${count} / ${NICKNAME_MAX}` }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
