import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigProvider } from "antd";
import { initI18n, switchLocale } from "../../i18n";
import { PodcastGenerate } from "./PodcastGenerate";

beforeAll(async () => {
  await initI18n("en-US");
});
afterEach(cleanup);

function renderChoice(current?: { length: "short" | "standard" | "long"; duration: number }) {
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <PodcastGenerate
        hasEpisode={Boolean(current)}
        pending={false}
        onGenerate={() => {}}
        current={current}
      />
    </ConfigProvider>,
  );
  fireEvent.mouseDown(screen.getByRole("combobox"));
  return Array.from(document.querySelectorAll(".ant-select-item-option")).map((o) => o.textContent ?? "");
}

describe("PodcastGenerate's length choice", { timeout: 30_000 }, () => {
  it("promises no minutes it cannot keep (a 'standard · about 8 min' episode came out 11:40 and 5:13)", async () => {
    for (const locale of ["en-US", "zh-CN"] as const) {
      await switchLocale(locale);
      const labels = renderChoice();
      expect(labels).toHaveLength(3);
      for (const label of labels) expect(label).not.toMatch(/\d\s*(min|分钟)/);
      cleanup();
    }
    await switchLocale("en-US");
  });

  it("says how long the episode there is came out, from its script and audio", () => {
    const labels = renderChoice({ length: "standard", duration: 700 });
    expect(labels.find((l) => l.startsWith("Standard"))).toContain("this episode: 11:40");
    expect(labels.find((l) => l.startsWith("Short"))).not.toContain("this episode");
  });
});
