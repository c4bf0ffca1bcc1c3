import { useEffect, useMemo, useState } from "react";
import { loadKatex, loadedKatex } from "./katex-loader";
import { mathSegments } from "./math-segments";
import "./math-text.css";

/**
 * Short study text (a flashcard, a quiz question, a slide bullet) with its `$…$` formulas set by KaTeX, as the
 * note shows them. The raw text stands in until KaTeX has loaded; a formula KaTeX cannot read stays in red.
 * `inline` sets `$$…$$` formulas in the line too (full size, no block of their own): for a title, a heading or a
 * button's label, where a display block would be a scrolling region inside a control.
 */
export function MathText({ text, inline = false }: { text: string; inline?: boolean }) {
  const segments = useMemo(() => mathSegments(text), [text]);
  const hasMath = segments.some((segment) => "tex" in segment);
  const [ready, setReady] = useState(loadedKatex() !== null);
  useEffect(() => {
    if (!hasMath || ready) return;
    let live = true;
    void loadKatex().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [hasMath, ready]);

  const katex = loadedKatex();
  // One inline box, so a flex or grid parent (a card face) lays the sentence out as one item.
  if (!hasMath || !ready || !katex) return <span className="math-text">{text}</span>;
  return (
    <span className="math-text">
      {segments.map((segment, i) => {
        if ("text" in segment) return <span key={i}>{segment.text}</span>;
        const display = segment.display && !inline;
        return (
          <span
            key={i}
            className={display ? "math-text__display" : "math-text__inline"}
            // KaTeX's own markup, built with trust off: no links, no raw HTML from the text.
            dangerouslySetInnerHTML={{
              __html: katex.renderToString(
                segment.display && inline ? `\\displaystyle{${segment.tex}}` : segment.tex,
                {
                  displayMode: display,
                  throwOnError: false,
                  strict: "ignore",
                  trust: false,
                  output: "htmlAndMathml",
                },
              ),
            }}
          />
        );
      })}
    </span>
  );
}
