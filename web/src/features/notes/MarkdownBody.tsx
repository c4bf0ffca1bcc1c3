import type { MouseEvent, ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { parseCitation } from "@beannote/contract/notes";

export type CiteHandler = (source: number, page: number) => void;

/** Renders note Markdown (GFM, raw HTML never rendered); citation links open the source viewer. */
export function MarkdownBody({ markdown, onCite }: { markdown: string; onCite?: CiteHandler }) {
  const components: Components = {
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
  };
  return (
    <div className="note-markdown">
      <Markdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
        {markdown}
      </Markdown>
    </div>
  );
}
