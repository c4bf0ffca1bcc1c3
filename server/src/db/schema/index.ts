// One file per feature; add yours here and run `npm run db:generate`.
export * from "./accounts";
export * from "./jobs";
export * from "./files";
export * from "./notes";
export * from "./flashcards";
export * from "./beans";
export * from "./student";
export * from "./feedback";
export * from "./slides";
export * from "./quizzes";
export * from "./podcasts";
export * from "./conversations";
