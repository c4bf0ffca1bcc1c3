import { useEffect, useRef, type RefObject } from "react";

export interface QuizKeyHandlers {
  /** 1–6: pick or toggle an option, or true (1) / false (2). */
  pick: (n: number) => void;
  /** Enter: submit the answer, or go on once it is graded. */
  enter: () => void;
}

// Radios and checkboxes are the options themselves: the keys still work on them.
const TYPING =
  "input:not([type='radio']):not([type='checkbox']), select, [contenteditable=''], [contenteditable='true']";

/**
 * Quiz keys: 1–6 choose, Enter submits and then goes on. In the answer box Enter makes a new line and
 * Ctrl/⌘+Enter submits. Ignored while a dialog or drawer is open, while `enabled` is false, or while
 * `root` is hidden (another tab is shown). Enter on a focused button keeps its own meaning.
 */
export function useQuizKeys(
  root: RefObject<HTMLElement | null>,
  enabled: boolean,
  handlers: QuizKeyHandlers,
) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    const handleKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.repeat) return;
      const el = root.current;
      if (!el || !el.getClientRects().length) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(".ant-modal-wrap, .ant-drawer, .ant-popover, .ant-dropdown")) return;
      const inTextArea = target?.closest("textarea");
      if (inTextArea) {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          latest.current.enter();
        }
        return;
      }
      if (event.ctrlKey || event.metaKey || target?.closest(TYPING)) return;
      if (/^[1-6]$/.test(event.key)) {
        event.preventDefault();
        latest.current.pick(Number(event.key));
      } else if (event.key === "Enter") {
        if (target?.closest("button, a[href], [role='button']") && !target.closest("[data-quiz-enter]"))
          return;
        event.preventDefault();
        latest.current.enter();
      }
    };
    window.addEventListener("keydown", handleKey);
    return () => window.removeEventListener("keydown", handleKey);
  }, [enabled, root]);
}
