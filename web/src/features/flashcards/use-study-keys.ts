import { useEffect, useRef, type RefObject } from "react";

export interface StudyKeyHandlers {
  flip: () => void;
  previous: () => void;
  next: () => void;
  /** 1–4: Again, Hard, Good, Easy. */
  rate: (rating: 1 | 2 | 3 | 4) => void;
}

const TYPING = "input, textarea, select, [contenteditable=''], [contenteditable='true']";
const ACTIVATES = "button, a[href], [role='button'], [role='menuitem'], [role='tab']";

/**
 * Study keys: Space or Enter flips, ← and → move, 1–4 rate. Ignored while typing, while `enabled` is
 * false (a dialog is open) or while `root` is hidden (another tab is shown); Space and Enter on a
 * focused control keep their own meaning, except on the card itself.
 */
export function useStudyKeys(
  root: RefObject<HTMLElement | null>,
  enabled: boolean,
  handlers: StudyKeyHandlers,
  card: RefObject<HTMLElement | null>,
) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    const handleKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const el = root.current;
      if (!el || !el.getClientRects().length) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(TYPING)) return;
      // A dialog or drawer above the page has the keys.
      if (target?.closest(".ant-modal-wrap, .ant-drawer, .ant-popover, .ant-dropdown")) return;
      // Tabs and segmented controls move with the arrows themselves.
      if (target?.closest("[role='tablist'], .ant-segmented")) return;
      const onControl = target && target !== card.current && target.closest(ACTIVATES);
      const h = latest.current;
      switch (event.key) {
        case " ":
        case "Enter":
          if (onControl || event.repeat) return;
          h.flip();
          break;
        case "ArrowLeft":
          h.previous();
          break;
        case "ArrowRight":
          h.next();
          break;
        case "1":
        case "2":
        case "3":
        case "4":
          h.rate(Number(event.key) as 1 | 2 | 3 | 4);
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener("keydown", handleKey);
    return () => window.removeEventListener("keydown", handleKey);
  }, [enabled, root, card]);
}
