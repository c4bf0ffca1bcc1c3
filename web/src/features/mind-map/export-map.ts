/** A font with a MATH table, so that roots and big operators are drawn (a text font has no radical sign). */
export const MAP_MATH_FONT =
  '"Noto Sans Math", "STIX Two Math", "Cambria Math", "Latin Modern Math", "DejaVu Math TeX Gyre", math';
/** The same font stack as the page, CJK fonts included, so the file shows what the student saw. */
export const MAP_FONT =
  '"Noto Sans", "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", "Hiragino Sans", system-ui, sans-serif';

/** Styles the exported picture needs (the page's CSS does not travel with an SVG file). */
const EXPORT_CSS = `
.markmap-foreign { color: #1f2937; }
.mm-label { font-weight: 500; }
.mm-root { font-size: 1.15em; font-weight: 700; }
.mm-section { font-weight: 600; }
.mm-cite { display: inline-block; margin-left: 6px; padding: 0 6px; border-radius: 8px; background: #eef3fd; color: #1f5fd1; font-size: 0.8em; }
.mm-label math { font-family: ${MAP_MATH_FONT}; }
svg { --markmap-circle-open-bg: #ffffff; }
`;
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
  clone.removeAttribute("class");
  clone.style.fontFamily = MAP_FONT;
  clone.style.background = "#ffffff";
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

/** Saves a blob under a name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
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
