import type { Config } from "../../config";
import { createOcr, type Ocr } from "./ocr";

/** The server's OCR: Tesseract as the OCR_* variables say (OCR=off: it reports "off" and reads nothing). */
export function createOcrFromConfig(
  config: Pick<Config, "OCR" | "OCR_WORKERS" | "OCR_MAX_PAGES" | "OCR_PAGE_TIMEOUT_S" | "TESSERACT_PATH">,
): Ocr {
  return createOcr({
    enabled: config.OCR === "on",
    tesseractPath: config.TESSERACT_PATH,
    workers: config.OCR_WORKERS,
    maxPages: config.OCR_MAX_PAGES,
    pageTimeoutMs: config.OCR_PAGE_TIMEOUT_S * 1000,
  });
}
