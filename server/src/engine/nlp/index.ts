/** The NLP layer shared by the study engines: tokens, stems and key terms in every output language. */
export {
  contentStems,
  hasTagger,
  hasVerb,
  inEnglishLexicon,
  japaneseTokenizer,
  nlpReady,
  tokenize,
  type CoarsePos,
  type Token,
} from "./tokens";
export {
  dictionaryForm,
  isConceptTerm,
  keyTerms,
  nounPhrases,
  rankTerms,
  termKey,
  termSpecificity,
  type KeyTerm,
  type TermSpan,
} from "./terms";
export { isFunctionWord, stemmerFor, stopwordSet, textLanguage } from "./language";
export { loadedNlpModels, type LoadedModel } from "./loaded";
export { russianNamedTerm, russianNaming } from "./russian";
export { DEFAULT_WARM_LANGUAGES, warmNlp, type WarmedLanguage } from "./warm";
export {
  blankPlaceholders,
  hasPlaceholder,
  materialWithoutPlaceholders,
  withoutPlaceholders,
} from "./placeholder";
