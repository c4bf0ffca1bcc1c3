/** A font with a MATH table, so that roots and big operators are drawn (a text font has no radical sign). */
export const MAP_MATH_FONT =
  '"Noto Sans Math", "STIX Two Math", "Cambria Math", "Latin Modern Math", "DejaVu Math TeX Gyre", math';
/** The same font stack as the page, CJK fonts included, so the file shows what the student saw. */
export const MAP_FONT =
  '"Noto Sans", "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", "Hiragino Sans", system-ui, sans-serif';

/**
 * Styles the exported picture needs (the page's CSS does not travel with an SVG file). markmap's own sheet
 * travels inside the svg and applies through its `markmap` class (font 300 16px/20px, labels that never wrap
 * at the box's width); these add the page's rules for our labels.
 */
const EXPORT_CSS = `
.markmap-foreign { color: #1f2937; }
.mm-root { font-size: 1.15em; font-weight: 700; }
.mm-section { font-weight: 600; }
.mm-cite { display: inline-block; margin-left: 6px; padding: 0 6px; border-radius: 8px; background: #eef3fd; color: #1f5fd1; font-size: 0.8em; }
.mm-label math { font-family: ${MAP_MATH_FONT}; }
svg { --markmap-circle-open-bg: #ffffff; }
`;
/**
 * markmap sizes a label's box from `scrollWidth`, a whole number: text 202.4 px wide (11 CJK characters at
 * 18.4 px) gets a 202 px box. The page never wraps a label, so the 0.4 px is lost unseen; in a picture drawn
 * elsewhere the last character wrapped below the box and was cut ("…复习笔" for "…复习笔记", page chips gone).
 * Each box of the copy is made as large as the label drawn on the page, measured in the map's own units.
 */
function fitLabelBoxes(svg: SVGSVGElement, clone: SVGSVGElement) {
  const drawn = svg.querySelectorAll<SVGForeignObjectElement>("foreignObject");
  const copies = clone.querySelectorAll<SVGForeignObjectElement>("foreignObject");
  drawn.forEach((box, i) => {
    const copy = copies[i];
    const label = box.firstElementChild?.firstElementChild;
    const scale = box.getScreenCTM?.()?.a || 1;
    if (!copy || !label) return;
    const { width, height } = label.getBoundingClientRect();
    const fit = (attribute: "width" | "height", measured: number, slack: number) => {
      const size = Math.ceil(measured / scale + slack);
      if (size > Number(copy.getAttribute(attribute) ?? 0)) copy.setAttribute(attribute, String(size));
    };
    fit("width", width, 1); // a pixel for the last glyph's antialiasing
    fit("height", height, 0);
  });
}

/** A standalone copy of the map as drawn now (its folds as they are), cropped to the map with a margin. */
export function mapSvg(svg: SVGSVGElement): { markup: string; width: number; height: number } {
  const content = svg.querySelector("g");
  const box = content?.getBBox() ?? { x: 0, y: 0, width: 800, height: 600 };
  const margin = 24;
  const width = Math.ceil(box.width + margin * 2);
  const height = Math.ceil(box.height + margin * 2);
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  clone.setAttribute("width", String(width));
  clone.setAttribute("height", String(height));
  clone.setAttribute("viewBox", `0 0 ${width} ${height}`);
  clone.removeAttribute("style");
  // markmap's stylesheet (inside the svg) applies to the class `markmap`; the label width it wraps at is a
  // variable on the svg's style.
  clone.setAttribute("class", "markmap");
  const maxWidth = svg.style.getPropertyValue("--markmap-max-width");
  if (maxWidth) clone.style.setProperty("--markmap-max-width", maxWidth);
  clone.style.fontFamily = MAP_FONT;
  clone.style.background = "#ffffff";
  fitLabelBoxes(svg, clone);
  const g = clone.querySelector("g");
  g?.setAttribute("transform", `translate(${margin - box.x},${margin - box.y})`);
  const style = document.createElementNS("http://www.w3.org/2000/svg", "style");
  style.textContent = EXPORT_CSS;
  clone.insertBefore(style, clone.firstChild);
  const background = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  background.setAttribute("width", "100%");
  background.setAttribute("height", "100%");
  background.setAttribute("fill", "#ffffff");
  clone.insertBefore(background, style.nextSibling);
  return { markup: new XMLSerializer().serializeToString(clone), width, height };
}

/** The map as a PNG at twice its size (sharp on high-density screens), drawn from its SVG. */
export async function mapPng(svg: SVGSVGElement): Promise<Blob> {
  const { markup, width, height } = mapSvg(svg);
  const scale = Math.min(2, 16_000 / Math.max(width, height));
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("canvas");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("png"))), "image/png"),
  );
}

/** A file name from the note's title: no path or reserved characters. */
export function exportName(title: string, extension: string): string {
  const base = title
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f"*/:<>?\\|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100);
  return `${base || "mind-map"}.${extension}`;
}
