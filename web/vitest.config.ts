import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    // Worker threads rather than forked processes: a jsdom file pays its environment and antd's import in a
    // thread that starts faster than a Node process (forks 127 s, threads 95 s on four component files).
    pool: "threads",
    // A component test renders antd in jsdom; beside a server file on 2 cores, 5 s (the default) is too short.
    testTimeout: 20_000,
    setupFiles: ["./src/test-setup.ts"],
  },
});
