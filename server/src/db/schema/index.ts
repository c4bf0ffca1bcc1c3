// One file per feature; add yours here and run `npm run db:generate`.
export * from "./accounts";
export * from "./jobs";
export * from "./files";
export * from "./notes";
