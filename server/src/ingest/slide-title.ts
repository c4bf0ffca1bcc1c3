/** A chart's value label: a number, a share or a unit ("3500", "75%", "'000", "%of"), no word of three letters. */
const CHART_LABEL = /^(?=.*[\d%])[^\p{L}]*\p{L}{0,2}[^\p{L}]*$/u;

/**
 * A slide's title without the chart labels drawn over it: "Trends in vehicle population 3500 7 '000 75% 7 %of
 * vehicles" is "Trends in vehicle population". The title (two words at least) ends where a run of value labels starts (four or
 * more, most of what follows); what follows is returned as the slide's text.
 */
export function slideTitle(paragraphs: string[]): { title: string; rest: string } {
  const tokens = paragraphs.join(" ").split(/\s+/).filter(Boolean);
  for (let i = 2; i < tokens.length - 3; i++) {
    if (!CHART_LABEL.test(tokens[i]!) || !CHART_LABEL.test(tokens[i + 1]!)) continue;
    const tail = tokens.slice(i);
    const labels = tail.filter((t) => CHART_LABEL.test(t)).length;
    if (labels >= 4 && labels >= tail.length / 2)
      return { title: tokens.slice(0, i).join(" "), rest: tail.join(" ") };
  }
  return { title: tokens.join(" "), rest: "" };
}
