import { afterEach, describe, expect, it } from "vitest";
import { mapSvg } from "./export-map";

afterEach(() => document.body.replaceChildren());

const NS = "http://www.w3.org/2000/svg";

/**
 * A map as markmap draws it: the svg (class `markmap`, the wrap width as a variable) at zoom 1.5, one label
 * whose box markmap sized from `scrollWidth` (202) while the text is 202.4 px wide (11 CJK characters at
 * 18.4 px), drawn 303.6 px wide on screen.
 */
function drawnMap() {
  const svg = document.createElementNS(NS, "svg") as SVGSVGElement;
  svg.setAttribute("class", "markmap mind-map-view__svg");
  svg.style.setProperty("--markmap-max-width", "320px");
  const g = document.createElementNS(NS, "g") as SVGGElement;
  (g as unknown as { getBBox: () => DOMRect }).getBBox = () =>
    ({ x: 0, y: 0, width: 400, height: 300 }) as DOMRect;
  const box = document.createElementNS(NS, "foreignObject") as SVGForeignObjectElement;
  box.setAttribute("width", "202");
  box.setAttribute("height", "22");
  (box as unknown as { getScreenCTM: () => DOMMatrix }).getScreenCTM = () => ({ a: 1.5 }) as DOMMatrix;
  const outer = document.createElement("div");
  const inner = document.createElement("div");
  inner.innerHTML = '<span class="mm-label mm-root">高等数学（二）复习笔记</span>';
  inner.getBoundingClientRect = () => ({ width: 202.4 * 1.5, height: 22 * 1.5 }) as DOMRect;
  outer.append(inner);
  box.append(outer);
  g.append(box);
  svg.append(g);
  document.body.append(svg);
  return svg;
}

function exported(svg: SVGSVGElement) {
  const host = document.createElement("div");
  host.innerHTML = mapSvg(svg).markup; // jsdom's serializer writes xmlns twice, which its XML parser refuses
  return host.firstElementChild!;
}

describe("mapSvg", () => {
  it("gives each label a box as wide as its text is drawn, so the last character is not cut", () => {
    const box = exported(drawnMap()).querySelector("foreignObject")!;
    expect(Number(box.getAttribute("width"))).toBeGreaterThanOrEqual(203);
    expect(box.textContent).toBe("高等数学（二）复习笔记");
  });

  it("keeps markmap's class and wrap width, so its sheet lays labels out in one line as on the page", () => {
    const root = exported(drawnMap());
    expect(root.getAttribute("class")).toBe("markmap");
    expect(root.getAttribute("style")).toContain("--markmap-max-width: 320px");
    expect(root.getAttribute("style")).toContain("Noto Sans CJK SC");
  });
});
