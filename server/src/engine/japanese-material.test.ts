import type { SourceDocument } from "@beannote/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { definedTerm } from "./flashcards/card-kinds";
import { buildMindMap, mindMapOutline } from "./mind-map";
import { isConceptTerm, nounPhrases, tokenize, warmNlp } from "./nlp";
import { noteMaterial } from "./note-material";
import { generateOfflineNote } from "./offline";
import { prepareDocument } from "./prepare";
import { findDefinition } from "./summarize";

// Japanese course material as it is written: science and economics texts end sentences with "．" and separate
// clauses with "，"; a concept is often "AのB" or a verbal noun; "XをYと呼ぶ" names Y.
const doc: SourceDocument = {
  title: "ミクロ経済学",
  format: "docx",
  language: "ja",
  pageCount: 1,
  sections: [
    {
      heading: "需要の価格弾力性",
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page: 1,
          text:
            "需要関数に関係して，需要の価格弾力性という概念を紹介する．" +
            "需要の価格弾力性とは価格が1%変化したときに需要は何%変化するかという指標である．" +
            "変化率とは，変化した分の差を変化する前の量で割ったものである．円周率は約3．14である．",
        },
        {
          type: "paragraph",
          page: 1,
          text: "価格弾力性が1を超える財を弾力的な財と呼び，そうでない財を非弾力的な財と呼ぶ．弾力的な財であれば少しの価格変化で需要曲線に沿って需要が大きく動く．",
        },
      ],
    },
  ],
};

beforeAll(async () => {
  await warmNlp(["ja"]);
}, 60_000);

describe("Japanese sentence marks", () => {
  it("reads '．' and '，' as the sentence and clause marks they are, keeping a decimal point", () => {
    const text = prepareDocument(doc)
      .sections.flatMap((s) => s.blocks)
      .map((b) => (b.type === "paragraph" ? b.text : ""))
      .join("");
    expect(text).toContain("指標である。変化率とは、変化した分");
    expect(text).toContain("約3．14である。");
    expect(text).not.toMatch(/[．，](?!\d)/u);
  });
});

describe("Japanese concepts", () => {
  it("names the term after を/は in 'XをYと呼ぶ' and 'XはYと呼ばれる', not the whole subject", () => {
    const called = "このときの値 u(q) を効用と呼ぶ。";
    const span = findDefinition(called)!;
    expect(called.slice(span.start, span.end)).toBe("効用");
    const passive = "そして関数 u は効用関数と呼ばれる。";
    const passiveSpan = findDefinition(passive)!;
    expect(passive.slice(passiveSpan.start, passiveSpan.end)).toBe("効用関数");
    expect(definedTerm(passive, "ja")).toBe("効用関数");
    // Chinese too: "…称为Y" names Y
    const zh = "满足拉普拉斯方程的函数称为调和函数。";
    const zhSpan = findDefinition(zh)!;
    expect(zh.slice(zhSpan.start, zhSpan.end)).toBe("调和函数");
  });

  it("reads nouns the shared (Chinese) stop list holds as verbs as nouns: 需要 is demand", () => {
    expect(isConceptTerm("需要曲線", "ja")).toBe(true);
    expect(isConceptTerm("需要の価格弾力性", "ja")).toBe(true);
    expect(
      definedTerm("需要の価格弾力性とは価格が1%変化したときに需要は何%変化するかという指標である。", "ja"),
    ).toBe("需要の価格弾力性");
  });

  it("takes no clause-framing noun (場合, 時) and no verb or adjective stem (変化した, 弾力的) for a term", () => {
    expect(tokenize("代替物がある場合", "ja").find((t) => t.text === "場合")?.pos).toBe("FUNC");
    const spans = nounPhrases("価格が1%変化したときに，価格が大きい財もより弾力的になる。", "ja").map(
      (s) => s.text,
    );
    expect(spans).toContain("価格");
    expect(spans).not.toContain("変化");
    expect(spans).not.toContain("弾力");
  });

  it("hangs the concepts a section defines on the map, not the stems of its verbs and adjectives", () => {
    const note = generateOfflineNote({
      sources: [{ doc, fileName: "micro.docx" }],
      title: doc.title,
      outputLanguage: "ja-JP",
      detailLevel: "detail",
    });
    const material = noteMaterial({
      title: doc.title,
      markdown: note.markdown,
      outputLanguage: "ja-JP",
      sources: [doc],
    });
    const outline = mindMapOutline(buildMindMap(material, "n1").root);
    expect(outline).toMatch(/^- 非弾力的な財$/mu);
    expect(outline).not.toMatch(/^- (?:変化|弾力)$/mu);
  });
});

describe("a Japanese 'Xとは' definition", () => {
  it("is never read into 'ことはできない' or across a comma (a welfare-economics chapter)", () => {
    const span = (text: string) => {
      const d = findDefinition(text);
      return d ? text.slice(d.start, d.end) : undefined;
    };
    expect(
      span("そうしたとき、両者の効用を同時に改善するような点を見つけることはできない。"),
    ).toBeUndefined();
    expect(
      span("社会厚生関数とは社会の構成員が得た効用を集計して社会的な評価値を算出する関数のことである。"),
    ).toBe("社会厚生関数");
    expect(span("市場均衡とは、各財の需給が一致する状態である。")).toBe("市場均衡");
  });
});
