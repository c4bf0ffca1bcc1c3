import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { App, Button, Input, List, Popconfirm, Select, Spin } from "antd";
import { DeleteOutlined, PlusOutlined, SendOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { QUESTION_MAX, type ConversationMessage, type NoteDetail } from "@beannote/contract";
import { readJobEvents } from "../../api/jobs";
import { useIsPhone } from "../../components/use-is-phone";
import { errorMessage } from "../../i18n/error-message";
import { SourceDrawer } from "../artefacts/SourceDrawer";
import type { SourcePosition } from "../source-viewer/SourceViewer";
import { flashcardsApi, flashcardKeys } from "../flashcards/api";
import { askApi, askKeys } from "./api";
import { AskAnswerView } from "./AskAnswerView";
import "./ask.css";

/** The Ask tab: questions to the note's sources, answered with page citations, kept as conversations. */
export function AskTab({ note }: { note: NoteDetail }) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const queryClient = useQueryClient();
  const isPhone = useIsPhone();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState<{ question: string; streamed: string } | null>(null);
  const [at, setAt] = useState<SourcePosition | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  const list = useQuery({
    queryKey: askKeys.list(note.noteId),
    queryFn: () => askApi.conversations(note.noteId),
  });
  const conversation = useQuery({
    queryKey: askKeys.conversation(conversationId ?? ""),
    queryFn: () => askApi.conversation(conversationId!),
    enabled: Boolean(conversationId),
  });
  const messages: ConversationMessage[] = conversationId ? (conversation.data?.messages ?? []) : [];

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: "end" });
  }, [messages.length, pending?.streamed]);

  const ask = useMutation({
    mutationFn: async (question: string) => {
      setPending({ question, streamed: "" });
      const started = await askApi.ask(note.noteId, {
        question,
        ...(conversationId ? { conversationId } : {}),
        stream: true,
      });
      setConversationId(started.conversationId);
      if (started.jobId && started.status === "answering") {
        await readJobEvents(started.jobId, {
          onEvent: (event) => {
            if (event.type !== "partial") return;
            const data = event.data as { delta?: string; answer?: string };
            setPending((p) => p && { ...p, streamed: data.answer ?? p.streamed + (data.delta ?? "") });
          },
        });
      }
      return started.conversationId;
    },
    onSuccess: async (id) => {
      setDraft("");
      await queryClient.invalidateQueries({ queryKey: askKeys.conversation(id) });
      await queryClient.invalidateQueries({ queryKey: askKeys.list(note.noteId) });
    },
    onError: (error) => void toast.error(errorMessage(error, t)),
    onSettled: () => setPending(null),
  });

  const remove = useMutation({
    mutationFn: (id: string) => askApi.remove(id),
    onSuccess: async (_done, id) => {
      if (id === conversationId) setConversationId(null);
      await queryClient.invalidateQueries({ queryKey: askKeys.list(note.noteId) });
    },
    onError: (error) => void toast.error(errorMessage(error, t)),
  });

  const saveCard = useMutation({
    mutationFn: ({ front, back }: { front: string; back: string }) =>
      flashcardsApi.add(note.noteId, { front, back }),
    onSuccess: async () => {
      void toast.success(t("ask.cardSaved"));
      await queryClient.invalidateQueries({ queryKey: flashcardKeys.deck(note.noteId) });
    },
    onError: (error) => void toast.error(errorMessage(error, t)),
  });

  const send = (text = draft) => {
    const question = text.trim();
    if (!question || ask.isPending) return;
    if ([...question].length > QUESTION_MAX) {
      void toast.error(t("errors.code.QUESTION_INVALID"));
      return;
    }
    setDraft(question);
    ask.mutate(question);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const questionBefore = (index: number) => messages[index - 1]?.text ?? "";
  const sourceName = (source: number) => note.sources.find((s) => s.index === source)?.fileName;

  const conversations = list.data?.conversations ?? [];
  const suggestions = list.data?.suggestions ?? [];
  const sidebar = isPhone ? (
    <Select
      className="ask-picker"
      aria-label={t("ask.conversations")}
      value={conversationId ?? ""}
      onChange={(value) => setConversationId(value || null)}
      options={[
        { value: "", label: t("ask.newConversation") },
        ...conversations.map((c) => ({ value: c.conversationId, label: c.title })),
      ]}
    />
  ) : (
    <aside className="ask-sidebar" aria-label={t("ask.conversations")}>
      <Button block icon={<PlusOutlined />} onClick={() => setConversationId(null)}>
        {t("ask.newConversation")}
      </Button>
      {list.isSuccess && conversations.length === 0 ? (
        <p className="muted ask-sidebar__empty">{t("ask.noConversations")}</p>
      ) : (
        <List
          size="small"
          loading={list.isPending}
          dataSource={conversations}
          renderItem={(c) => (
            <List.Item
              className={
                c.conversationId === conversationId ? "ask-conversation is-active" : "ask-conversation"
              }
              actions={[
                <Popconfirm
                  key="delete"
                  title={t("ask.deleteConfirm")}
                  okText={t("ask.delete")}
                  cancelText={t("common.cancel")}
                  onConfirm={() => remove.mutate(c.conversationId)}
                >
                  <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={t("ask.delete")} />
                </Popconfirm>,
              ]}
            >
              <button
                type="button"
                className="ask-conversation__open"
                onClick={() => setConversationId(c.conversationId)}
              >
                {c.title}
              </button>
            </List.Item>
          )}
        />
      )}
    </aside>
  );

  const empty = !conversationId && !pending;
  return (
    <div className={isPhone ? "ask-tab ask-tab--phone" : "ask-tab"} data-testid="ask-tab">
      {sidebar}
      <section className="ask-chat" aria-label={t("ask.chat")}>
        <div className="ask-messages" aria-live="polite">
          {empty ? (
            <div className="ask-empty">
              <p className="ask-empty__title">{t("ask.emptyTitle")}</p>
              <p className="muted">{t("ask.emptyHint")}</p>
              {suggestions.length > 0 ? (
                <div className="ask-suggestions" data-testid="ask-suggestions">
                  {suggestions.map((s) => (
                    <Button key={s} size="small" onClick={() => send(s)}>
                      {s}
                    </Button>
                  ))}
                </div>
              ) : null}
            </div>
          ) : null}
          {conversationId && conversation.isPending ? <Spin className="ask-spin" /> : null}
          {messages.map((m, index) =>
            m.role === "user" ? (
              <div key={m.messageId} className="ask-bubble ask-bubble--question">
                {m.text}
              </div>
            ) : (
              <AskAnswerView
                key={m.messageId}
                message={m}
                sourceName={sourceName}
                onCite={(c) => setAt({ source: c.source, page: c.page, quote: c.quote })}
                onSaveCard={(answer) =>
                  saveCard.mutate({
                    front: questionBefore(index).slice(0, 2000),
                    back: answer.text.slice(0, 2000),
                  })
                }
              />
            ),
          )}
          {pending ? (
            <>
              <div className="ask-bubble ask-bubble--question">{pending.question}</div>
              <AskAnswerView
                message={{
                  messageId: "pending",
                  role: "assistant",
                  text: "",
                  citations: [],
                  found: false,
                  nearestSections: [],
                  status: "answering",
                  jobId: null,
                  errorCode: null,
                  createdAt: "",
                }}
                streamed={pending.streamed}
                sourceName={sourceName}
                onCite={() => undefined}
              />
            </>
          ) : null}
          <div ref={bottom} />
        </div>
        <div className="ask-composer">
          <Input.TextArea
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={handleKeyDown}
            autoSize={{ minRows: 1, maxRows: 6 }}
            maxLength={QUESTION_MAX}
            placeholder={t("ask.placeholder")}
            aria-label={t("ask.placeholder")}
            data-testid="ask-input"
          />
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={ask.isPending}
            disabled={!draft.trim()}
            onClick={() => send()}
            aria-label={t("ask.send")}
            data-testid="ask-send"
          >
            {isPhone ? null : t("ask.send")}
          </Button>
        </div>
        <p className="muted ask-hint">{t("ask.keyboardHint")}</p>
      </section>
      <SourceDrawer sources={note.sources} at={at} onClose={() => setAt(null)} />
    </div>
  );
}
