import { STUDENT_DISCOUNT_PERCENT, type BeansWebConfig } from "@beannote/contract";
import type { Config } from "../../config";

/** What the web app shows before a student confirms a paid action (`GET /config/web`'s `beans`). */
export function beansWebConfig(config: Pick<Config, "BEANS" | "BEAN_COSTS">): BeansWebConfig {
  return {
    enabled: config.BEANS === "on",
    costs: config.BEAN_COSTS,
    studentDiscountPercent: STUDENT_DISCOUNT_PERCENT,
  };
}
