declare module "espeak-ng" {
  /** The espeak-ng program compiled with emscripten (MODULARIZE): resolves once its main ran, if asked. */
  const ESpeakNg: (options: Record<string, unknown>) => Promise<unknown>;
  export default ESpeakNg;
}
