/** Square crop of spec's avatar upload: the visible square of a panned and zoomed image. */
export interface CropState {
  /** Zoom factor, 1 = the image just covers the square. */
  zoom: number;
  /** Offset of the image's top-left corner from the square's, in viewport pixels (≤ 0). */
  x: number;
  y: number;
}

export function coverScale(width: number, height: number, viewport: number): number {
  return viewport / Math.min(width, height);
}

/** Keeps the image covering the whole square. */
export function clampCrop(state: CropState, width: number, height: number, viewport: number): CropState {
  const scale = coverScale(width, height, viewport) * state.zoom;
  const minX = viewport - width * scale;
  const minY = viewport - height * scale;
  return {
    zoom: state.zoom,
    x: Math.min(0, Math.max(minX, state.x)),
    y: Math.min(0, Math.max(minY, state.y)),
  };
}

/** The source rectangle (in image pixels) that the square shows. */
export function sourceRect(state: CropState, width: number, height: number, viewport: number) {
  const scale = coverScale(width, height, viewport) * state.zoom;
  return { sx: 0 - state.x / scale, sy: 0 - state.y / scale, size: viewport / scale };
}

export function centredCrop(width: number, height: number, viewport: number, zoom = 1): CropState {
  const scale = coverScale(width, height, viewport) * zoom;
  return { zoom, x: (viewport - width * scale) / 2, y: (viewport - height * scale) / 2 };
}

export function drawCrop(
  canvas: HTMLCanvasElement,
  image: CanvasImageSource,
  state: CropState,
  width: number,
  height: number,
  viewport: number,
): void {
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  const { sx, sy, size } = sourceRect(state, width, height, viewport);
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(image, sx, sy, size, size, 0, 0, canvas.width, canvas.height);
}
