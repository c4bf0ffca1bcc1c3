/**
 * `Array.prototype.push` as V8 provides it. pdf.js's legacy build (the one that runs on Node 20) bundles
 * core-js, which replaces `push` for every array of the thread with a JavaScript version over a spec corner
 * case of no concern here; that slowed parsing by a quarter. This module is imported before pdf.js so that the
 * native method can be put back once pdf.js has loaded (its worker code loads on the first document).
 */
const captured = Array.prototype.push;
const nativeArrayPush = /\[native code\]/.test(Function.prototype.toString.call(captured)) ? captured : null;

export function restoreNativeArrayPush(): void {
  if (nativeArrayPush && Array.prototype.push !== nativeArrayPush) {
    Object.defineProperty(Array.prototype, "push", {
      value: nativeArrayPush,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }
}
