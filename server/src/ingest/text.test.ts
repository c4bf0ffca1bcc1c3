import { describe, expect, it } from "vitest";
import {
  detectLanguage,
  isGarbledText,
  joinLines,
  joinSoftBreaks,
  LINE_HYPHEN,
  resolveHyphens,
} from "./text";
import { allText, parseXml } from "./xml";

const lines = (...pairs: [string, string][]) => pairs.map(([a, b]) => joinLines(a, b));

describe("line-end hyphens", () => {
  it("join hyphenation that the document spells whole elsewhere", () => {
    const [split] = resolveHyphens([...lines(["an impor-", "tant result"]), "It is important."]);
    expect(split).toBe("an important result");
  });

  it("keep compounds: spelled with a hyphen elsewhere, or two words of the document", () => {
    const texts = resolveHyphens([
      ...lines(["a dual-", "encoder"], ["uses self-", "attention"], ["in high-", "dimensional space"]),
      "The dual-encoder model. Attention to the self. High dimensional data.",
    ]);
    expect(texts.slice(0, 3)).toEqual(["a dual-encoder", "uses self-attention", "in high-dimensional space"]);
  });

  it("keep the hyphens of longer compounds and capitalised parts", () => {
    expect(resolveHyphens(lines(["the state-", "of-the-art"], ["Lucene-", "BM25"]))).toEqual([
      "the state-of-the-art",
      "Lucene-BM25",
    ]);
  });

  it("join a name split at a line end when the document writes it whole", () => {
    expect(resolveHyphens([...lines(["Trace-", "Monkey is fast"]), "TraceMonkey"])[0]).toBe(
      "TraceMonkey is fast",
    );
  });

  it("join syllables without evidence either way ('com-' + 'puter')", () => {
    expect(resolveHyphens(lines(["the com-", "puter"]))).toEqual(["the computer"]);
    expect(joinLines("soft\u00ad", "ware")).toBe("software");
    expect(joinLines("a -", "b")).toBe("a - b");
    expect(joinLines("x", "y")).not.toContain(LINE_HYPHEN);
  });
});

describe("soft line breaks", () => {
  it("become a space, keep a hyphen before them, and vanish between CJK characters", () => {
    expect(joinSoftBreaks("table\ntext")).toBe("table text");
    expect(joinSoftBreaks("self-\nattention")).toBe("self-attention");
    expect(joinSoftBreaks("中文\n文本")).toBe("中文文本");
    expect(joinSoftBreaks("end\n")).toBe("end");
  });
});

describe("OOXML text", () => {
  it("decodes numeric character references (LibreOffice writes tabs as &#9;)", () => {
    const [root] = parseXml("<a:t>0&#9;zero&#x4E2D;&amp;</a:t>");
    expect(allText(root!)).toBe("0\tzero中&");
  });
});

describe("garbled text layers", () => {
  const times = (s: string, n = 4) => Array.from({ length: n }, () => s).join(" ");
  const garbage = [
    // a broken ToUnicode map, as a student saw it
    times("·òåãrù 5/a'0í2 ¸÷ ¿ª¼Ó ÄÚ´¦ ·òåãrù íÎö ¡£ÓÉ 0í2"),
    // GBK bytes of Chinese read as Latin-1
    "º¯ÊýÔÚÇøÓòÄÚ´¦´¦¿Éµ¼¾ÍËµº¯ÊýÔÚÇøÓòÄÚ½âÎö¡£ÓÉCauchy-RiemannÌõ¼þ¿ÉÒÔÖªµÀ£¬u(x, y), v(x, y)²»ÊÇ¶ÀÁ¢µÄ£¬",
    // a chart font with its own codes
    times('!"# $!"# %!"# &!"# \'!"# (!"# )!"# *!"# +!"# ,!"# $!!"# KA>29:92># L<ID2#'),
    // alphabets mixed inside words
    times("Tһе qսісk bгоwn fох јսmрѕ оνег tһе lаzу dоg аnd ruпѕ аwау", 3),
  ];
  const text = [
    "Dynamic languages such as JavaScript are more difficult to compile than statically typed ones.",
    "Les langages dynamiques sont plus difficiles à compiler que les langages à typage statique, déjà été.",
    "Los lenguajes dinámicos son más difíciles de compilar que los de tipado estático, según el análisis.",
    "Dynamische Sprachen wie JavaScript sind schwerer zu übersetzen als statisch typisierte Sprachen größer.",
    "Các ngôn ngữ động như JavaScript khó biên dịch hơn các ngôn ngữ có kiểu tĩnh, điều này đúng.",
    "Динамические языки, такие как JavaScript, сложнее компилировать, чем статически типизированные.",
    "函数在区域内处处可导就说函数在区域内解析。由Cauchy-Riemann条件可以知道，u(x, y), v(x, y)不是独立的。",
    "∂u/∂x = ∂v/∂y, ∂u/∂y = −∂v/∂x (1-3) lim Δz→0 f(z+Δz) − f(z) / Δz = f′(z), § 2.3.59.1 (Rev 12/22) ± 5 °C",
    // a formula page: Greek beside Latin inside words, few letters, many operators (no OCR for it)
    "性质3：Γ(z)Γ(1−z)=π/sinπz B(p,q)=Γ(p)Γ(q)/Γ(p+q) sinθcosθ Re(p)>0 Γ(n)=(n−1)! ∫₀^∞e^{−t}t^{p−1}dt lnn!≈nlnn−n",
  ];

  it.each(garbage)("finds garbage: %s", (t) => expect(isGarbledText(t)).toBe(true));
  it.each(text)("keeps text: %s", (t) => expect(isGarbledText(times(t, 2))).toBe(false));

  it("names no language for words that belong to none", () => {
    expect(detectLanguage(times("·òåãrù 5/a'0í2 rù òå ãa í2 5a", 12))).toBe("und");
    expect(detectLanguage(text[0]!)).toBe("en");
  });

  it("names Polish, Dutch and Czech prose, and still English, French and Italian (lecture sentences)", () => {
    const said: [string, string][] = [
      [
        "Popyt na pieniądz jest to ilość pieniądza, którą ludzie chcą trzymać. Zależy on od dochodu oraz stopy procentowej, która może się zmieniać.",
        "pl",
      ],
      [
        "Een proces is een programma dat wordt uitgevoerd. Het besturingssysteem zorgt ervoor dat elk proces een deel van de processortijd krijgt.",
        "nl",
      ],
      [
        "Proces je program, který se právě vykonává. Operační systém přiděluje procesům čas procesoru a paměť, jako jsou také vlákna.",
        "cs",
      ],
      [
        "A process is a program in execution. The operating system gives each process a share of the processor.",
        "en",
      ],
      [
        "Un processus est un programme en cours d'exécution. Le système d'exploitation donne à chaque processus une part du processeur.",
        "fr",
      ],
      [
        "Il modello a cascata è il più famoso dei modelli sequenziali, e in generale non è più applicato alla lettera.",
        "it",
      ],
    ];
    for (const [sentence, lang] of said) expect(detectLanguage(sentence), sentence).toBe(lang);
  });
});
