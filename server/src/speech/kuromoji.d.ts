declare module "kuromoji" {
  export interface IpadicFeatures {
    surface_form: string;
    pos: string;
    reading?: string;
    pronunciation?: string;
  }
  export interface Tokenizer {
    tokenize(text: string): IpadicFeatures[];
  }
  export function builder(options: { dicPath: string }): {
    build(callback: (error: Error | null, tokenizer: Tokenizer) => void): void;
  };
  const kuromoji: { builder: typeof builder };
  export default kuromoji;
}
