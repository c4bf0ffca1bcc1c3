/** The NLP layer shared by the study engines: tokens, stems and key terms in every output language. */
export { contentStems, japaneseTokenizer, nlpReady, tokenize, type CoarsePos, type Token } from "./tokens";
export {
  isConceptTerm,
  keyTerms,
  nounPhrases,
  termKey,
  termSpecificity,
  type KeyTerm,
  type TermSpan,
} from "./terms";
export { isFunctionWord, stemmerFor, stopwordSet, textLanguage } from "./language";
