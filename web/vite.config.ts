import { defineConfig } from "vite";
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
];
const target = process.env.API_TARGET ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react()],
  base: "/",
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target, changeOrigin: false }])),
  },
  build: {
    outDir: "dist",
    chunkSizeWarningLimit: 900,
  },
});
