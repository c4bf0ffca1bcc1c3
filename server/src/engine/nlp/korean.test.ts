import { describe, expect, it } from "vitest";
import { studyLabelsFor } from "../study-labels";
import { detectLanguage } from "../text";
import { nounPhrases } from "./terms";

// Korean notes as students write them: Korean prose with the field's English terms, particles glued to both.
describe("Korean noun phrases", () => {
  const phrases = (text: string) => nounPhrases(text, "ko").map((s) => s.text);

  it("ends a phrase at the word that takes a particle, the particle left out", () => {
    expect(phrases("CPU burst 시간이 많으면 CPU bound라고 함.")).toEqual(
      expect.arrayContaining(["CPU burst 시간", "CPU bound"]),
    );
    expect(phrases("감수 분열은 염색체 수를 절반으로 줄인다.")).toEqual(
      expect.arrayContaining(["감수 분열", "염색체 수"]),
    );
    // never a clause: a predicate or an adnominal word ends the run without a phrase
    for (const p of phrases(
      "CPU burst 시간이 많으면 CPU bound라고 함. 멀티 프로그램인 운영체제에서 CPU 스케쥴링은 필수",
    ))
      expect(p).not.toMatch(/많으면|프로그램인|필수|라고/u);
  });

  it("reads the English terms of a Korean note as terms, without the particle glued to them", () => {
    expect(phrases("context switch를 해주는 모듈을 dispatcher라고 함.")).toEqual(
      expect.arrayContaining(["context switch", "dispatcher"]),
    );
    expect(phrases("time quantum이 작아지면, context switch가 늘어남.")).toEqual(
      expect.arrayContaining(["time quantum", "context switch"]),
    );
  });

  it("counts a Korean note full of English terms as Korean", () => {
    expect(
      detectLanguage("context switch를 해주는 모듈을 dispatcher라고 함. time quantum이 작아지면 늘어남."),
    ).toBe("ko");
    expect(
      detectLanguage("The scheduler picks the next process; 운영체제 is Korean for operating system."),
    ).toBe("en");
  });
});

describe("Korean questions", () => {
  it("asks what a term is with the particle its last syllable takes", () => {
    const { whatIs } = studyLabelsFor("ko-KR");
    expect(whatIs("체세포 분열")).toBe("체세포 분열이란 무엇입니까?");
    expect(whatIs("세포")).toBe("세포란 무엇입니까?");
    expect(whatIs("throughput")).toBe("throughput(이)란 무엇입니까?");
  });
});
