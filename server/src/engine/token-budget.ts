import { estimateTokens } from "./text";

/** Items, in order, whose texts together fit one model request. */
export interface BudgetGroup<T> {
  items: T[];
  /** The items' texts, one per line. */
  text: string;
  tokens: number;
}

/**
 * Groups items, in order, into requests of at most `budget` tokens of text: an item joins the last group
 * while it fits, else starts a new one. An item too long for a request alone is cut to fit (its
 * `<section>` closed again), a little under the budget since tokens are estimated.
 */
export function groupByTokenBudget<T>(
  items: readonly T[],
  textOf: (item: T) => string,
  budget: number,
): BudgetGroup<T>[] {
  const groups: BudgetGroup<T>[] = [];
  for (const item of items) {
    let text = textOf(item);
    let tokens = estimateTokens(text);
    if (tokens > budget) {
      text = `${text.slice(0, Math.floor((text.length * budget) / tokens / 1.2))}\n</section>`;
      tokens = estimateTokens(text);
    }
    const last = groups[groups.length - 1];
    if (last && last.tokens + tokens <= budget) {
      last.items.push(item);
      last.text += `\n${text}`;
      last.tokens += tokens;
    } else groups.push({ items: [item], text, tokens });
  }
  return groups;
}
