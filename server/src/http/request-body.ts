import type { FastifyInstance } from "fastify";

/**
 * How request bodies are read: JSON, where an empty body counts as none; any other type only when empty (a
 * call that takes no body accepts none, an empty one and `{}`, whatever its content type). Multipart and the
 * raw upload route register their own parsers.
 */
export function installBodyParsers(app: FastifyInstance): void {
  // Fastify's own JSON parser, which refuses `__proto__` and `constructor.prototype` keys.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, text, done) => {
    if (typeof text !== "string" || text.trim() === "") return done(null, undefined);
    parseJson(request, text, done);
  });
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    done(Object.assign(new Error("unsupported content type"), { statusCode: 415 }), undefined);
  });
}
