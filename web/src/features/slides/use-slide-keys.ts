import { useEffect, type RefObject } from "react";

/** ←/→, Space, PageUp/PageDown, Home/End step through the deck while `root` (or fullscreen) has the keys. */
export function useSlideKeys(
  root: RefObject<HTMLElement | null>,
  enabled: boolean,
  step: (delta: number) => void,
  go: (index: "first" | "last") => void,
) {
  useEffect(() => {
    if (!enabled) return;
    const handleKey = (event: KeyboardEvent) => {
      const el = root.current;
      if (!el || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (target?.isContentEditable) return;
      // the keys belong to the viewer when focus is inside it, or nowhere in particular
      if (target && target !== document.body && !el.contains(target)) return;
      if (target && target.tagName === "BUTTON" && (event.key === " " || event.key === "Enter")) return;
      const map: Record<string, () => void> = {
        ArrowRight: () => step(1),
        ArrowDown: () => step(1),
        PageDown: () => step(1),
        " ": () => step(event.shiftKey ? -1 : 1),
        ArrowLeft: () => step(-1),
        ArrowUp: () => step(-1),
        PageUp: () => step(-1),
        Home: () => go("first"),
        End: () => go("last"),
      };
      const action = map[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener("keydown", handleKey);
    return () => document.removeEventListener("keydown", handleKey);
  }, [root, enabled, step, go]);
}
