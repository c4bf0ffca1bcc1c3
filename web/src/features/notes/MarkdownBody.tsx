import { memo, useMemo, type MouseEvent, type ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { parseCitation } from "@beannote/contract/notes";
import { mayHaveMath, useMathPlugins } from "./math";

export type CiteHandler = (source: number, page: number) => void;
/** A citation's tooltip ("p. 3 (OCR)" for a page read by OCR), or none. */
export type CiteTitle = (source: number, page: number) => string | undefined;

/**
 * Renders note Markdown (GFM; formulas `$…$` / `$$…$$` set by KaTeX; raw HTML never rendered); citation
 * links open the source viewer.
 */
export const MarkdownBody = memo(function MarkdownBody({
  markdown,
  onCite,
  citeTitle,
}: {
  markdown: string;
  onCite?: CiteHandler;
  citeTitle?: CiteTitle;
}) {
  const math = useMathPlugins(mayHaveMath(markdown));
  // One set of components per handler pair: a new `a` renderer on every render would remount every link.
  const components = useMemo<Components>(
    () => ({
      a: ({ href, children }) => {
        const cite = href ? parseCitation(href) : null;
        if (cite) {
          const handleClick = (event: MouseEvent) => {
            event.preventDefault();
            onCite?.(cite.source, cite.page);
          };
          return (
            <a
              href={href}
              className="citation"
              title={citeTitle?.(cite.source, cite.page)}
              data-source={cite.source}
              data-page={cite.page}
              onClick={handleClick}
            >
              {children}
            </a>
          );
        }
        return (
          <a href={href} target="_blank" rel="noopener noreferrer nofollow">
            {children}
          </a>
        );
      },
      table: ({ children }: { children?: ReactNode }) => (
        <div className="note-table-wrap">
          <table>{children}</table>
        </div>
      ),
      img: ({ alt }) => <span className="muted">{alt}</span>,
    }),
    [onCite, citeTitle],
  );
  return (
    <div className="note-markdown">
      <Markdown
        remarkPlugins={math ? [remarkGfm, ...math.remark] : [remarkGfm]}
        rehypePlugins={math?.rehype}
        components={components}
        skipHtml
      >
        {markdown}
      </Markdown>
    </div>
  );
});
