import { timestamp } from "drizzle-orm/pg-core";

/** A point in time, with its time zone. */
export const stamp = (name: string) => timestamp(name, { withTimezone: true });
