import type { CodeType } from "@beannote/contract";
import type { MailMessage } from "../../mail/mailer";
import type { ServerLanguage } from "../../http/messages";

const PURPOSE: Record<CodeType, Record<ServerLanguage, string>> = {
  register: { zh: "注册账号", en: "create your account" },
  forget: { zh: "重置密码", en: "reset your password" },
};

/** The verification mail, in the requester's language. */
export function codeMail(to: string, type: CodeType, code: string, language: ServerLanguage): MailMessage {
  if (language === "zh") {
    return {
      to,
      subject: `云豆笔记验证码：${code}`,
      text: `你好！\n\n你正在${PURPOSE[type].zh}，验证码是：${code}\n\n验证码 10 分钟内有效。如果这不是你本人的操作，请忽略这封邮件。\n\n云豆笔记`,
    };
  }
  return {
    to,
    subject: `Your BeanNote code: ${code}`,
    text: `Hello,\n\nUse this code to ${PURPOSE[type].en}: ${code}\n\nThe code is valid for 10 minutes. If you did not ask for it, you can ignore this mail.\n\nBeanNote`,
  };
}
