export * from "./errors";
export * from "./limits";
export * from "./envelope";
export * from "./accounts";
export * from "./source-document";
export * from "./files";
export * from "./jobs";
export * from "./notes";
