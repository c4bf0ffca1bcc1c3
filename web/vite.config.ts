import { createReadStream, readdirSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

const API_PREFIXES = [
  "/config",
  "/captcha-new",
  "/member",
  "/upload",
  "/batch",
  "/Feedback",
  "/file",
  "/note",
  "/job",
  "/media",
  "/portraits",
  "/beans",
  "/flashcard",
  "/quiz",
  "/conversation",
  "/openapi.json",
  "/docs",
  "/health",
  "/ready",
];
const target = process.env.API_TARGET ?? "http://127.0.0.1:3000";

const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
/** pdf.js data files the viewer fetches at run time (see PDFJS_DATA in src/features/source-viewer/pdf.ts). */
const PDFJS_DATA = ["cmaps", "standard_fonts"];

/**
 * Serves pdf.js's CMaps (CJK text in fonts that are not embedded) and standard fonts under `/pdfjs/`: copied
 * into the build, and answered from node_modules by the dev server.
 */
function pdfjsData(): Plugin {
  return {
    name: "beannote-pdfjs-data",
    configureServer(server) {
      server.middlewares.use("/pdfjs", (req, res, next) => {
        const [dir, name, ...rest] = (req.url ?? "").split("?")[0]!.split("/").filter(Boolean);
        const file = dir && name && rest.length === 0 ? path.join(pdfjsDir, dir, name) : "";
        if (!file || !PDFJS_DATA.includes(dir!) || !statSync(file, { throwIfNoEntry: false })?.isFile())
          return next();
        res.setHeader("content-type", "application/octet-stream");
        createReadStream(file).pipe(res);
      });
    },
    async generateBundle() {
      for (const dir of PDFJS_DATA) {
        for (const name of readdirSync(path.join(pdfjsDir, dir))) {
          this.emitFile({
            type: "asset",
            fileName: `pdfjs/${dir}/${name}`,
            source: await readFile(path.join(pdfjsDir, dir, name)),
          });
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), pdfjsData()],
  base: "/",
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target, changeOrigin: false }])),
  },
  build: {
    outDir: "dist",
    chunkSizeWarningLimit: 900,
  },
});
