import type { OutputLanguage } from "@beannote/contract";
import { fitParticle } from "./text";

/**
 * Whether an English term is a plural ("negative passages", "utility functions"), for the verb of a question:
 * its last word ends in "s" and is no singular of that shape ("analysis", "economics", "bus") or an acronym.
 */
function englishPlural(term: string): boolean {
  const last = term.trim().split(/\s+/u).at(-1) ?? "";
  return /^\p{Ll}[\p{Ll}-]*[^s'’]s$/u.test(last) && !/(?:ss|us|is|ics|ness)$/u.test(last);
}

/** The engine's own words in study artefacts (cards, questions, slides, podcast), per output language. */
export interface StudyLabels {
  /** Front of a key-point card: a question about a section. */
  keyPointQuestion(heading: string): string;
  /** The blank that replaces a term in a cloze sentence. */
  blank: string;
  /**
   * Front of a definition card; `plural` when the sentence says so ("Fat bytecodes are …"), else read from the
   * term's shape where the language agrees its verb with it.
   */
  whatIs(term: string, plural?: boolean): string;
  /** Front of a named-result card: what a theorem, law or formula states. */
  statementOf(name: string): string;
  /** Front of an enumeration card: the list a sentence (or heading) introduces, with its length. */
  listAll(intro: string, count: number): string;
  /** Front of a cause or purpose card: why the statement holds. */
  why(statement: string): string;
  /** Front of a comparison card. */
  compare(a: string, b: string): string;
  /** Front of an acronym card. */
  expansionOf(acronym: string): string;
}

const quoted = (open: string, close: string) => (text: string) => `${open}${text}${close}`;
const latin = "_____";
const cjk = "＿＿＿";

const LABELS: Record<OutputLanguage, StudyLabels> = {
  "en-US": {
    keyPointQuestion: (h) => `What is the key point of ${quoted("“", "”")(h)}?`,
    blank: latin,
    whatIs: (t, plural) => `What ${(plural ?? englishPlural(t)) ? "are" : "is"} ${t}?`,
    statementOf: (n) => `What does ${/^\p{Ll}/u.test(n) ? `the ${n}` : n} state?`,
    listAll: (i, n) => `${i} — name all ${n}.`,
    why: (s) => `Why? ${s}`,
    compare: (a, b) => `How do ${a} and ${b} differ?`,
    expansionOf: (a) => `What does ${a} stand for?`,
  },
  "zh-CN": {
    keyPointQuestion: (h) => `${quoted("「", "」")(h)}的要点是什么？`,
    blank: cjk,
    whatIs: (t) => `什么是${t}？`,
    statementOf: (n) => `${n}的内容是什么？`,
    listAll: (i, n) => `${i}（共 ${n} 项）`,
    why: (s) => `为什么？${s}`,
    compare: (a, b) => `${a}与${b}有何不同？`,
    expansionOf: (a) => `${a} 的全称是什么？`,
  },
  "ja-JP": {
    keyPointQuestion: (h) => `${quoted("「", "」")(h)}の要点は何ですか？`,
    blank: cjk,
    whatIs: (t) => `${t}とは何ですか？`,
    statementOf: (n) => `${n}の内容は何ですか？`,
    listAll: (i, n) => `${i}（全 ${n} 項目）`,
    why: (s) => `なぜですか？${s}`,
    compare: (a, b) => `${a}と${b}の違いは何ですか？`,
    expansionOf: (a) => `${a} は何の略ですか？`,
  },
  "ko-KR": {
    keyPointQuestion: (h) => `${quoted("「", "」")(h)}의 핵심은 무엇입니까?`,
    blank: latin,
    // "분열이란", "세포란"; an English term's last sound is not in its letters: "throughput(이)란"
    whatIs: (t) => `${t}${/\p{Script=Hangul}$/u.test(t) ? fitParticle(t, "란") : "(이)란"} 무엇입니까?`,
    statementOf: (n) => `${n}의 내용은 무엇입니까?`,
    listAll: (i, n) => `${i} (모두 ${n}개)`,
    why: (s) => `왜 그렇습니까? ${s}`,
    compare: (a, b) => `${a}와(과) ${b}의 차이는 무엇입니까?`,
    expansionOf: (a) => `${a}는 무엇의 약자입니까?`,
  },
  "fr-FR": {
    keyPointQuestion: (h) => `Quel est le point clé de ${quoted("« ", " »")(h)} ?`,
    blank: latin,
    whatIs: (t) => (/^[aeiouyhàâéèêîïôû]/iu.test(t) ? `Qu’est-ce qu’${t} ?` : `Qu’est-ce que ${t} ?`),
    statementOf: (n) => `Que dit ${n} ?`,
    listAll: (i, n) => `${i} — citez-les (${n}).`,
    why: (s) => `Pourquoi ? ${s}`,
    compare: (a, b) => `Quelle différence entre ${a} et ${b} ?`,
    expansionOf: (a) => `Que signifie le sigle ${a} ?`,
  },
  "de-DE": {
    keyPointQuestion: (h) => `Was ist der Kernpunkt von ${quoted("„", "“")(h)}?`,
    blank: latin,
    whatIs: (t, plural) => `Was ${plural ? "sind" : "ist"} ${t}?`,
    statementOf: (n) => `Was besagt ${n}?`,
    listAll: (i, n) => `${i} — nennen Sie alle ${n}.`,
    why: (s) => `Warum? ${s}`,
    compare: (a, b) => `Worin unterscheiden sich ${a} und ${b}?`,
    expansionOf: (a) => `Wofür steht ${a}?`,
  },
  "pt-BR": {
    keyPointQuestion: (h) => `Qual é o ponto principal de ${quoted("“", "”")(h)}?`,
    blank: latin,
    whatIs: (t, plural) => `O que ${plural ? "são" : "é"} ${t}?`,
    statementOf: (n) => `O que afirma ${n}?`,
    listAll: (i, n) => `${i} — cite todos (${n}).`,
    why: (s) => `Por quê? ${s}`,
    compare: (a, b) => `Qual a diferença entre ${a} e ${b}?`,
    expansionOf: (a) => `O que significa a sigla ${a}?`,
  },
  "es-ES": {
    keyPointQuestion: (h) => `¿Cuál es el punto clave de ${quoted("«", "»")(h)}?`,
    blank: latin,
    whatIs: (t, plural) => `¿Qué ${plural ? "son" : "es"} ${t}?`,
    statementOf: (n) => `¿Qué establece ${n}?`,
    listAll: (i, n) => `${i} — enumera los ${n}.`,
    why: (s) => `¿Por qué? ${s}`,
    compare: (a, b) => `¿En qué se diferencian ${a} y ${b}?`,
    expansionOf: (a) => `¿Qué significa la sigla ${a}?`,
  },
};

/** Study labels for an output language. */
export function studyLabelsFor(language: OutputLanguage): StudyLabels {
  return LABELS[language];
}

/** The engine's own words in quiz questions, explanations and offline grading, per output language. */
export interface QuizLabels {
  /** Choice: a sentence of the note with a key term blanked out. */
  fillBlank(sentence: string): string;
  /** Multiple choice: which statements about a section are true. */
  trueStatements(heading: string): string;
  /** Multiple choice: which terms a section discusses. */
  termsDiscussed(heading: string): string;
  /** Short answer about a term the note defines. */
  explainTerm(term: string): string;
  /** Short answer about a section. */
  keyPoints(heading: string): string;
  /** Case analysis: a case (a passage of the note) to analyse with a section's ideas. */
  caseAnalysis(heading: string, excerpt: string): string;
  /** Essay on a section. */
  discourse(heading: string): string;
  /** Why the chosen term is right: the note's sentence. */
  choiceExplanation(answer: string, sentence: string): string;
  /** Why the true statements are true and the others not. */
  statementsExplanation(sentences: string[]): string;
  /** Why the right terms are right. */
  termsExplanation(heading: string, terms: string[], sentence: string): string;
  /** A true statement: the note says so. */
  judgmentTrue(sentence: string): string;
  /** A false statement: one term was swapped for another; the note's true sentence. */
  judgmentFalse(swapped: string, original: string, sentence: string): string;
  /** Free text: what a good answer covers, and the note's sentence it starts from. */
  freeTextExplanation(heading: string, sentence: string): string;
  /** Choice: a sentence of the note with a value (a number, a date, a formula) blanked out. */
  fillValue(sentence: string): string;
  true: string;
  false: string;
  /** The separator between listed terms. */
  listJoin: string;
  /** Offline grade reasons. */
  gradeEmpty: string;
  gradeCoverage(found: number, total: number, passed: boolean): string;
}

const QUIZ_LABELS: Record<OutputLanguage, QuizLabels> = {
  "en-US": {
    fillBlank: (s) => `Which term fills the blank? “${s}”`,
    trueStatements: (h) => `Which of these statements about “${h}” are true? (Choose all that apply.)`,
    termsDiscussed: (h) => `Which of these does “${h}” discuss? (Choose all that apply.)`,
    explainTerm: (t) => `What is “${t}”? Explain it in your own words.`,
    keyPoints: (h) => `Briefly state the key points of “${h}”.`,
    caseAnalysis: (h, e) =>
      `Read this passage: “${e}” Using the ideas of “${h}”, analyse it: which of them apply, and what follows?`,
    discourse: (h) => `Discuss “${h}”: explain its main ideas, how they connect, and why they matter.`,
    choiceExplanation: (a, s) => `“${a}” is right. The note says: “${s}”`,
    statementsExplanation: (s) =>
      `The note says: ${s.map((x) => `“${x}”`).join(" ")} The other statements swap a key term for another.`,
    termsExplanation: (h, t, s) =>
      `“${h}” discusses ${t.map((x) => `“${x}”`).join(", ")}; the others appear elsewhere in the note. The note says: “${s}”`,
    judgmentTrue: (s) => `True. The note says: “${s}”`,
    judgmentFalse: (w, o, s) => `False: “${w}” takes the place of “${o}”. The note says: “${s}”`,
    freeTextExplanation: (h, s) =>
      `A good answer covers the key points of “${h}” given in the reference answer. The note says: “${s}”`,
    fillValue: (s) => `Which value fills the blank? “${s}”`,
    true: "True",
    false: "False",
    listJoin: "; ",
    gradeEmpty: "No answer was given.",
    gradeCoverage: (f, n, p) =>
      `Your answer covers ${f} of ${n} key ${n === 1 ? "point" : "points"} of the reference answer${p ? "." : ": compare it with the points you missed."}`,
  },
  "zh-CN": {
    fillBlank: (s) => `下列哪个术语应填入空白处？「${s}」`,
    trueStatements: (h) => `关于「${h}」，下列哪些说法是正确的？（多选）`,
    termsDiscussed: (h) => `「${h}」讨论了下列哪些内容？（多选）`,
    explainTerm: (t) => `什么是「${t}」？请用自己的话解释。`,
    keyPoints: (h) => `简述「${h}」的要点。`,
    caseAnalysis: (h, e) =>
      `阅读下面这段材料：「${e}」请运用「${h}」中的知识进行分析：哪些观点适用？能得出什么结论？`,
    discourse: (h) => `论述「${h}」：说明其主要观点、观点之间的联系以及它们的意义。`,
    choiceExplanation: (a, s) => `正确答案是「${a}」。笔记原文：「${s}」`,
    statementsExplanation: (s) =>
      `笔记原文：${s.map((x) => `「${x}」`).join("")}其余说法替换了其中的关键术语。`,
    termsExplanation: (h, t, s) =>
      `「${h}」讨论了${t.map((x) => `「${x}」`).join("、")}；其余选项出现在笔记的其他部分。笔记原文：「${s}」`,
    judgmentTrue: (s) => `正确。笔记原文：「${s}」`,
    judgmentFalse: (w, o, s) => `错误：「${w}」替换了「${o}」。笔记原文：「${s}」`,
    freeTextExplanation: (h, s) => `好的回答应涵盖参考答案中列出的「${h}」的要点。笔记原文：「${s}」`,
    fillValue: (s) => `下列哪个数值应填入空白处？「${s}」`,
    true: "正确",
    false: "错误",
    listJoin: "；",
    gradeEmpty: "未作答。",
    gradeCoverage: (f, n, p) =>
      `你的回答涵盖了参考答案 ${n} 个要点中的 ${f} 个${p ? "。" : "，请对照遗漏的要点复习。"}`,
  },
  "ja-JP": {
    fillBlank: (s) => `空欄に入る用語はどれですか？「${s}」`,
    trueStatements: (h) => `「${h}」について正しい記述をすべて選んでください。`,
    termsDiscussed: (h) => `「${h}」で扱われているものをすべて選んでください。`,
    explainTerm: (t) => `「${t}」とは何ですか？自分の言葉で説明してください。`,
    keyPoints: (h) => `「${h}」の要点を簡潔に述べてください。`,
    caseAnalysis: (h, e) =>
      `次の文章を読んでください：「${e}」「${h}」の考え方を使って分析してください。どの考え方が当てはまり、何が言えますか？`,
    discourse: (h) =>
      `「${h}」について論じてください：主な考え方、それらのつながり、そしてその意義を説明してください。`,
    choiceExplanation: (a, s) => `正解は「${a}」です。ノートの記述：「${s}」`,
    statementsExplanation: (s) =>
      `ノートの記述：${s.map((x) => `「${x}」`).join("")}他の記述は重要な用語が別の用語に置き換えられています。`,
    termsExplanation: (h, t, s) =>
      `「${h}」では${t.map((x) => `「${x}」`).join("、")}を扱っています。他の選択肢はノートの別の箇所に出てきます。ノートの記述：「${s}」`,
    judgmentTrue: (s) => `正しい。ノートの記述：「${s}」`,
    judgmentFalse: (w, o, s) => `誤り：「${o}」が「${w}」に置き換えられています。ノートの記述：「${s}」`,
    freeTextExplanation: (h, s) =>
      `よい解答は、模範解答に挙げた「${h}」の要点を押さえています。ノートの記述：「${s}」`,
    fillValue: (s) => `空欄に入る値はどれですか？「${s}」`,
    true: "正しい",
    false: "誤り",
    listJoin: "；",
    gradeEmpty: "解答がありません。",
    gradeCoverage: (f, n, p) =>
      `模範解答の要点 ${n} 個のうち ${f} 個に触れています${p ? "。" : "。抜けている要点を確認しましょう。"}`,
  },
  "ko-KR": {
    fillBlank: (s) => `빈칸에 들어갈 용어는 무엇입니까? “${s}”`,
    trueStatements: (h) => `“${h}”에 대한 설명으로 옳은 것을 모두 고르십시오.`,
    termsDiscussed: (h) => `“${h}”에서 다루는 것을 모두 고르십시오.`,
    explainTerm: (t) => `“${t}”(이)란 무엇입니까? 자신의 말로 설명하십시오.`,
    keyPoints: (h) => `“${h}”의 핵심을 간단히 서술하십시오.`,
    caseAnalysis: (h, e) =>
      `다음 글을 읽으십시오: “${e}” “${h}”의 개념을 사용하여 분석하십시오. 어떤 개념이 적용되며 무엇을 알 수 있습니까?`,
    discourse: (h) => `“${h}”에 대해 논하십시오: 주요 개념과 그 연관성, 그리고 중요성을 설명하십시오.`,
    choiceExplanation: (a, s) => `정답은 “${a}”입니다. 노트의 내용: “${s}”`,
    statementsExplanation: (s) =>
      `노트의 내용: ${s.map((x) => `“${x}”`).join(" ")} 나머지 설명은 핵심 용어를 다른 용어로 바꾼 것입니다.`,
    termsExplanation: (h, t, s) =>
      `“${h}”에서는 ${t.map((x) => `“${x}”`).join(", ")}을(를) 다룹니다. 나머지는 노트의 다른 부분에 나옵니다. 노트의 내용: “${s}”`,
    judgmentTrue: (s) => `참. 노트의 내용: “${s}”`,
    judgmentFalse: (w, o, s) => `거짓: “${o}” 대신 “${w}”(이)가 들어갔습니다. 노트의 내용: “${s}”`,
    freeTextExplanation: (h, s) =>
      `좋은 답은 모범 답안에 제시된 “${h}”의 핵심을 다룹니다. 노트의 내용: “${s}”`,
    fillValue: (s) => `빈칸에 들어갈 값은 무엇입니까? “${s}”`,
    true: "참",
    false: "거짓",
    listJoin: "; ",
    gradeEmpty: "답이 없습니다.",
    gradeCoverage: (f, n, p) =>
      `모범 답안의 핵심 ${n}개 중 ${f}개를 다루었습니다${p ? "." : ". 빠진 핵심을 확인하십시오."}`,
  },
  "fr-FR": {
    fillBlank: (s) => `Quel terme complète le blanc ? « ${s} »`,
    trueStatements: (h) =>
      `Lesquelles de ces affirmations sur « ${h} » sont vraies ? (Plusieurs réponses possibles.)`,
    termsDiscussed: (h) => `Lesquels de ces éléments « ${h} » traite-t-il ? (Plusieurs réponses possibles.)`,
    explainTerm: (t) => `Qu’est-ce que « ${t} » ? Expliquez avec vos propres mots.`,
    keyPoints: (h) => `Énoncez brièvement les points clés de « ${h} ».`,
    caseAnalysis: (h, e) =>
      `Lisez ce passage : « ${e} » À l’aide des notions de « ${h} », analysez-le : lesquelles s’appliquent, et qu’en déduire ?`,
    discourse: (h) =>
      `Dissertez sur « ${h} » : expliquez ses idées principales, leurs liens et leur importance.`,
    choiceExplanation: (a, s) => `« ${a} » est la bonne réponse. La note dit : « ${s} »`,
    statementsExplanation: (s) =>
      `La note dit : ${s.map((x) => `« ${x} »`).join(" ")} Les autres affirmations remplacent un terme clé par un autre.`,
    termsExplanation: (h, t, s) =>
      `« ${h} » traite de ${t.map((x) => `« ${x} »`).join(", ")} ; les autres apparaissent ailleurs dans la note. La note dit : « ${s} »`,
    judgmentTrue: (s) => `Vrai. La note dit : « ${s} »`,
    judgmentFalse: (w, o, s) => `Faux : « ${w} » remplace « ${o} ». La note dit : « ${s} »`,
    freeTextExplanation: (h, s) =>
      `Une bonne réponse couvre les points clés de « ${h} » donnés dans la réponse de référence. La note dit : « ${s} »`,
    fillValue: (s) => `Quelle valeur complète le blanc ? « ${s} »`,
    true: "Vrai",
    false: "Faux",
    listJoin: " ; ",
    gradeEmpty: "Aucune réponse n’a été donnée.",
    gradeCoverage: (f, n, p) =>
      `Votre réponse couvre ${f} des ${n} points clés de la réponse de référence${p ? "." : " : comparez-la avec les points manqués."}`,
  },
  "de-DE": {
    fillBlank: (s) => `Welcher Begriff gehört in die Lücke? „${s}“`,
    trueStatements: (h) => `Welche dieser Aussagen über „${h}“ sind richtig? (Mehrere Antworten möglich.)`,
    termsDiscussed: (h) => `Was davon behandelt „${h}“? (Mehrere Antworten möglich.)`,
    explainTerm: (t) => `Was ist „${t}“? Erklären Sie es mit eigenen Worten.`,
    keyPoints: (h) => `Nennen Sie kurz die Kernpunkte von „${h}“.`,
    caseAnalysis: (h, e) =>
      `Lesen Sie diesen Abschnitt: „${e}“ Analysieren Sie ihn mit den Begriffen aus „${h}“: Welche treffen zu, und was folgt daraus?`,
    discourse: (h) =>
      `Erörtern Sie „${h}“: Erklären Sie die Hauptgedanken, ihren Zusammenhang und ihre Bedeutung.`,
    choiceExplanation: (a, s) => `„${a}“ ist richtig. In der Notiz steht: „${s}“`,
    statementsExplanation: (s) =>
      `In der Notiz steht: ${s.map((x) => `„${x}“`).join(" ")} Die anderen Aussagen ersetzen einen Schlüsselbegriff durch einen anderen.`,
    termsExplanation: (h, t, s) =>
      `„${h}“ behandelt ${t.map((x) => `„${x}“`).join(", ")}; die anderen kommen an anderer Stelle der Notiz vor. In der Notiz steht: „${s}“`,
    judgmentTrue: (s) => `Richtig. In der Notiz steht: „${s}“`,
    judgmentFalse: (w, o, s) => `Falsch: „${w}“ steht an der Stelle von „${o}“. In der Notiz steht: „${s}“`,
    freeTextExplanation: (h, s) =>
      `Eine gute Antwort deckt die Kernpunkte von „${h}“ aus der Musterantwort ab. In der Notiz steht: „${s}“`,
    fillValue: (s) => `Welcher Wert gehört in die Lücke? „${s}“`,
    true: "Richtig",
    false: "Falsch",
    listJoin: "; ",
    gradeEmpty: "Es wurde keine Antwort gegeben.",
    gradeCoverage: (f, n, p) =>
      `Ihre Antwort deckt ${f} von ${n} Kernpunkten der Musterantwort ab${p ? "." : " – vergleichen Sie sie mit den fehlenden Punkten."}`,
  },
  "pt-BR": {
    fillBlank: (s) => `Qual termo completa a lacuna? “${s}”`,
    trueStatements: (h) =>
      `Quais destas afirmações sobre “${h}” são verdadeiras? (Marque todas as corretas.)`,
    termsDiscussed: (h) => `Quais destes itens “${h}” discute? (Marque todos os corretos.)`,
    explainTerm: (t) => `O que é “${t}”? Explique com suas próprias palavras.`,
    keyPoints: (h) => `Apresente brevemente os pontos principais de “${h}”.`,
    caseAnalysis: (h, e) =>
      `Leia este trecho: “${e}” Usando as ideias de “${h}”, analise-o: quais se aplicam e o que se conclui?`,
    discourse: (h) =>
      `Disserte sobre “${h}”: explique suas ideias principais, como se relacionam e por que importam.`,
    choiceExplanation: (a, s) => `“${a}” é a resposta certa. A nota diz: “${s}”`,
    statementsExplanation: (s) =>
      `A nota diz: ${s.map((x) => `“${x}”`).join(" ")} As outras afirmações trocam um termo-chave por outro.`,
    termsExplanation: (h, t, s) =>
      `“${h}” discute ${t.map((x) => `“${x}”`).join(", ")}; os outros aparecem em outras partes da nota. A nota diz: “${s}”`,
    judgmentTrue: (s) => `Verdadeiro. A nota diz: “${s}”`,
    judgmentFalse: (w, o, s) => `Falso: “${w}” ocupa o lugar de “${o}”. A nota diz: “${s}”`,
    freeTextExplanation: (h, s) =>
      `Uma boa resposta cobre os pontos principais de “${h}” dados na resposta de referência. A nota diz: “${s}”`,
    fillValue: (s) => `Qual valor preenche a lacuna? “${s}”`,
    true: "Verdadeiro",
    false: "Falso",
    listJoin: "; ",
    gradeEmpty: "Nenhuma resposta foi dada.",
    gradeCoverage: (f, n, p) =>
      `Sua resposta cobre ${f} dos ${n} pontos principais da resposta de referência${p ? "." : ": compare-a com os pontos que faltaram."}`,
  },
  "es-ES": {
    fillBlank: (s) => `¿Qué término completa el espacio en blanco? «${s}»`,
    trueStatements: (h) =>
      `¿Cuáles de estas afirmaciones sobre «${h}» son verdaderas? (Marca todas las correctas.)`,
    termsDiscussed: (h) => `¿Cuáles de estos elementos trata «${h}»? (Marca todos los correctos.)`,
    explainTerm: (t) => `¿Qué es «${t}»? Explícalo con tus propias palabras.`,
    keyPoints: (h) => `Resume brevemente los puntos clave de «${h}».`,
    caseAnalysis: (h, e) =>
      `Lee este fragmento: «${e}» Con las ideas de «${h}», analízalo: ¿cuáles se aplican y qué se deduce?`,
    discourse: (h) =>
      `Desarrolla «${h}»: explica sus ideas principales, cómo se relacionan y por qué importan.`,
    choiceExplanation: (a, s) => `«${a}» es la respuesta correcta. La nota dice: «${s}»`,
    statementsExplanation: (s) =>
      `La nota dice: ${s.map((x) => `«${x}»`).join(" ")} Las demás afirmaciones cambian un término clave por otro.`,
    termsExplanation: (h, t, s) =>
      `«${h}» trata ${t.map((x) => `«${x}»`).join(", ")}; los demás aparecen en otras partes de la nota. La nota dice: «${s}»`,
    judgmentTrue: (s) => `Verdadero. La nota dice: «${s}»`,
    judgmentFalse: (w, o, s) => `Falso: «${w}» ocupa el lugar de «${o}». La nota dice: «${s}»`,
    freeTextExplanation: (h, s) =>
      `Una buena respuesta cubre los puntos clave de «${h}» que da la respuesta de referencia. La nota dice: «${s}»`,
    fillValue: (s) => `¿Qué valor completa el espacio en blanco? «${s}»`,
    true: "Verdadero",
    false: "Falso",
    listJoin: "; ",
    gradeEmpty: "No se dio ninguna respuesta.",
    gradeCoverage: (f, n, p) =>
      `Tu respuesta cubre ${f} de los ${n} puntos clave de la respuesta de referencia${p ? "." : ": compárala con los puntos que faltan."}`,
  },
};

/** Quiz labels for an output language. */
export function quizLabelsFor(language: OutputLanguage): QuizLabels {
  return QUIZ_LABELS[language];
}

/** The engine's own words on slides (the deck's frame around the note's text), per output language. */
export interface SlideLabels {
  agenda: string;
  summary: string;
  /** The agenda's last bullet when it lists only the first topics. */
  andMore(count: number): string;
  /** The title slide's line naming the key terms. */
  keyTerms(terms: string[]): string;
  /** Speaker notes of the title slide: what the deck covers. */
  covers(count: number): string;
  /** A slide's footer naming the page it came from. */
  source(fileName: string, page: number): string;
}

const SLIDE_LABELS: Record<OutputLanguage, SlideLabels> = {
  "en-US": {
    agenda: "Agenda",
    summary: "Summary",
    andMore: (n) => `… and ${n} more`,
    keyTerms: (t) => `Key terms: ${t.join(" · ")}`,
    covers: (n) => `This deck covers ${n} topics from the study notes.`,
    source: (f, p) => `Source: ${f}, p. ${p}`,
  },
  "zh-CN": {
    agenda: "目录",
    summary: "总结",
    andMore: (n) => `……另有 ${n} 项`,
    keyTerms: (t) => `关键词：${t.join(" · ")}`,
    covers: (n) => `本演示涵盖学习笔记中的 ${n} 个主题。`,
    source: (f, p) => `出处：${f} 第 ${p} 页`,
  },
  "ja-JP": {
    agenda: "目次",
    summary: "まとめ",
    andMore: (n) => `…ほか ${n} 件`,
    keyTerms: (t) => `キーワード：${t.join(" · ")}`,
    covers: (n) => `このスライドは学習ノートの ${n} 個のトピックを扱います。`,
    source: (f, p) => `出典：${f} ${p} ページ`,
  },
  "ko-KR": {
    agenda: "목차",
    summary: "요약",
    andMore: (n) => `… 외 ${n}개`,
    keyTerms: (t) => `핵심어: ${t.join(" · ")}`,
    covers: (n) => `이 슬라이드는 학습 노트의 주제 ${n}개를 다룹니다.`,
    source: (f, p) => `출처: ${f} ${p}쪽`,
  },
  "fr-FR": {
    agenda: "Sommaire",
    summary: "Synthèse",
    andMore: (n) => `… et ${n} de plus`,
    keyTerms: (t) => `Mots clés : ${t.join(" · ")}`,
    covers: (n) => `Ces diapositives couvrent ${n} thèmes des notes d’étude.`,
    source: (f, p) => `Source : ${f}, p. ${p}`,
  },
  "de-DE": {
    agenda: "Agenda",
    summary: "Zusammenfassung",
    andMore: (n) => `… und ${n} weitere`,
    keyTerms: (t) => `Schlüsselbegriffe: ${t.join(" · ")}`,
    covers: (n) => `Diese Folien behandeln ${n} Themen der Lernnotizen.`,
    source: (f, p) => `Quelle: ${f}, S. ${p}`,
  },
  "pt-BR": {
    agenda: "Roteiro",
    summary: "Resumo",
    andMore: (n) => `… e mais ${n}`,
    keyTerms: (t) => `Termos-chave: ${t.join(" · ")}`,
    covers: (n) => `Estes slides cobrem ${n} temas das notas de estudo.`,
    source: (f, p) => `Fonte: ${f}, p. ${p}`,
  },
  "es-ES": {
    agenda: "Índice",
    summary: "Resumen",
    andMore: (n) => `… y ${n} más`,
    keyTerms: (t) => `Términos clave: ${t.join(" · ")}`,
    covers: (n) => `Estas diapositivas cubren ${n} temas de las notas de estudio.`,
    source: (f, p) => `Fuente: ${f}, p. ${p}`,
  },
};

/** Slide labels for an output language. */
export function slideLabelsFor(language: OutputLanguage): SlideLabels {
  return SLIDE_LABELS[language];
}

/**
 * The two hosts' own words in a podcast, per output language: everything the offline script says around
 * the note's sentences (greetings, transitions, questions, recaps). No template holds a digit, so every
 * number heard in an episode is one of the note's.
 */
export interface PodcastLabels {
  /** The hosts' names: the host asks and explains, the guest questions and recaps. */
  hosts: { host: string; guest: string };
  openingTitle: string;
  closingTitle: string;
  /** "A, B and C". */
  list(items: string[]): string;
  /** Said after a shortened agenda ("…, and more"). */
  more: string;
  welcome(host: string, guest: string): string;
  hello(title: string): string;
  agenda(chapters: string): string;
  ready: string;
  /** The host opens a chapter (first, one of the middle ones, the last). */
  enterFirst(heading: string): string;
  enterNext: ((heading: string) => string)[];
  enterLast(heading: string): string;
  /** The guest's questions, each about what the host says next. */
  askDefinition: ((term: string) => string)[];
  askNumbers: string;
  /** Questions about a term, taken in turn so that one episode does not ask the same way each time. */
  askTerm: ((term: string) => string)[];
  askList: string;
  askTable(label: string): string;
  askMore: ((heading: string) => string)[];
  /** Questions about a concept: the reason behind it, an example of it, what a figure means. */
  askWhy(term: string): string;
  askExample(term: string): string;
  askFigure(figure: string): string;
  /** The host quotes a source sentence written in the first person ("we", "我们"), as the author's. */
  authorSays(sentence: string): string;
  /** Short reactions before the guest's next question. */
  reactions: string[];
  /** The host's lead-ins to the note's own words. */
  definitionLead(sentence: string): string;
  numberLead(sentence: string): string;
  listLead(items: string[]): string;
  tableRow(label: string, cells: [column: string, value: string][]): string;
  /** The guest's recap at the end of a chapter. */
  recapTerms(heading: string, terms: string): string;
  recapPlain(heading: string): string;
  wrapUp(title: string, terms: string): string;
  goodbye: string;
}

const join = (items: string[], last: string, sep = ", ") =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(sep)}${last}${items[items.length - 1]}`;
const bare = (text: string) => text.replace(/[\s.。．!！?？;；:：,，、]+$/u, "");

const PODCAST_LABELS: Record<OutputLanguage, PodcastLabels> = {
  "en-US": {
    hosts: { host: "Alex", guest: "Sam" },
    openingTitle: "Opening",
    closingTitle: "Closing",
    list: (items) => join(items, " and "),
    more: "and more",
    welcome: (host, guest) => `Welcome to the BeanNote podcast. I'm ${host}, and with me is ${guest}.`,
    hello: (title) => `Hi everyone! Today we're studying “${title}”.`,
    agenda: (chapters) => `We'll go through ${chapters}.`,
    ready: "Sounds good. Let's dive in.",
    enterFirst: (h) => `Let's start with ${h}.`,
    enterNext: [(h) => `Next up: ${h}.`, (h) => `Now let's turn to ${h}.`, (h) => `Moving on to ${h}.`],
    enterLast: (h) => `Finally, ${h}.`,
    askDefinition: [
      (t) => `What exactly ${englishPlural(t) ? "are" : "is"} ${t}?`,
      (t) => `How does the note define ${t}?`,
    ],
    askNumbers: "Are there any figures worth remembering here?",
    askTerm: [
      (t) => `And what about ${t}?`,
      (t) => `Where ${englishPlural(t) ? "do" : "does"} ${t} come in?`,
      (t) => `What should we know about ${t}?`,
    ],
    askList: "What are the main points?",
    askTable: (l) => `What does the table say about ${l}?`,
    askWhy: (t) => `What is the reason behind ${t}?`,
    askExample: (t) => `Can you give an example of ${t}?`,
    askFigure: (f) => `What does the figure ${f} tell us?`,
    authorSays: (s) => `The author puts it this way: ${s}`,
    askMore: [(h) => `What else should we know about ${h}?`, () => "Tell me more.", () => "What comes next?"],
    reactions: ["I see.", "Got it.", "Interesting.", "Okay.", "That makes sense."],
    definitionLead: (s) => `The note puts it this way: ${s}`,
    numberLead: (s) => `Yes. ${s}`,
    listLead: (items) => `The main points are: ${items.map(bare).join("; ")}.`,
    tableRow: (l, cells) => `For ${l}: ${cells.map(([c, v]) => `${c}, ${bare(v)}`).join("; ")}.`,
    recapTerms: (h, terms) => `So for ${h}, the key terms are ${terms}.`,
    recapPlain: (h) => `That's ${h} in a nutshell.`,
    wrapUp: (title, terms) =>
      terms ? `That's all for “${title}”. Today's key terms: ${terms}.` : `That's all for “${title}”.`,
    goodbye: "Thanks for listening, and good luck with your studies!",
  },
  "zh-CN": {
    hosts: { host: "小云", guest: "小豆" },
    openingTitle: "开场",
    closingTitle: "结束",
    list: (items) => join(items, "和", "、"),
    more: "等内容",
    welcome: (host, guest) => `欢迎收听云豆笔记播客。我是${host}，和我一起的是${guest}。`,
    hello: (title) => `大家好！今天我们一起学习《${title}》。`,
    agenda: (chapters) => `我们会依次讲到：${chapters}。`,
    ready: "好，那我们开始吧。",
    enterFirst: (h) => `我们先从「${h}」开始。`,
    enterNext: [(h) => `接下来是「${h}」。`, (h) => `下面我们来看「${h}」。`, (h) => `再来说说「${h}」。`],
    enterLast: (h) => `最后，我们来看「${h}」。`,
    askDefinition: [(t) => `「${t}」到底是什么？`, (t) => `笔记里是怎么定义「${t}」的？`],
    askNumbers: "这里有什么需要记住的数字吗？",
    askTerm: [
      (t) => `那「${t}」呢？`,
      (t) => `「${t}」在这里起什么作用？`,
      (t) => `关于「${t}」，有什么要记住的？`,
    ],
    askList: "要点有哪些？",
    askTable: (l) => `表格里关于「${l}」是怎么说的？`,
    askWhy: (t) => `「${t}」背后的原因是什么？`,
    askExample: (t) => `能举个「${t}」的例子吗？`,
    askFigure: (f) => `「${f}」这个数字说明了什么？`,
    authorSays: (s) => `作者是这样写的：${s}`,
    askMore: [(h) => `关于「${h}」还有什么要知道的？`, () => "再多讲一点吧。", () => "接下来呢？"],
    reactions: ["明白了。", "原来如此。", "有意思。", "好的。", "这样就说得通了。"],
    definitionLead: (s) => `笔记是这样说的：${s}`,
    numberLead: (s) => `有的。${s}`,
    listLead: (items) => `要点有：${items.map(bare).join("；")}。`,
    tableRow: (l, cells) => `「${l}」：${cells.map(([c, v]) => `${c}是${bare(v)}`).join("；")}。`,
    recapTerms: (h, terms) => `所以「${h}」这部分的关键词是：${terms}。`,
    recapPlain: (h) => `「${h}」的要点就是这些。`,
    wrapUp: (title, terms) =>
      terms ? `《${title}》就讲到这里。今天的关键词有：${terms}。` : `《${title}》就讲到这里。`,
    goodbye: "感谢收听，祝学习顺利！",
  },
  "ja-JP": {
    hosts: { host: "ケン", guest: "ハルカ" },
    openingTitle: "オープニング",
    closingTitle: "エンディング",
    list: (items) => items.join("、"),
    more: "など",
    welcome: (host, guest) =>
      `ビーンノートのポッドキャストへようこそ。${host}です。今日は${guest}さんと一緒にお届けします。`,
    hello: (title) => `こんにちは！今日は「${title}」を勉強します。`,
    agenda: (chapters) => `今回は、${chapters}の順に見ていきます。`,
    ready: "いいですね。さっそく始めましょう。",
    enterFirst: (h) => `まずは「${h}」から始めましょう。`,
    enterNext: [
      (h) => `次は「${h}」です。`,
      (h) => `続いて「${h}」を見ていきましょう。`,
      (h) => `では「${h}」に移りましょう。`,
    ],
    enterLast: (h) => `最後に「${h}」です。`,
    askDefinition: [(t) => `「${t}」とは何ですか？`, (t) => `ノートでは「${t}」をどう定義していますか？`],
    askNumbers: "ここで覚えておくべき数字はありますか？",
    askTerm: [
      (t) => `では「${t}」はどうですか？`,
      (t) => `「${t}」はここでどんな役割ですか？`,
      (t) => `「${t}」について覚えておくことは？`,
    ],
    askList: "主なポイントは何ですか？",
    askTable: (l) => `表では「${l}」について何と書いてありますか？`,
    askWhy: (t) => `「${t}」はなぜそうなるのですか？`,
    askExample: (t) => `「${t}」の例を挙げてもらえますか？`,
    askFigure: (f) => `「${f}」という数字は何を意味しますか？`,
    authorSays: (s) => `著者はこう書いています。${s}`,
    askMore: [
      (h) => `「${h}」について、ほかに知っておくべきことは？`,
      () => "もう少し詳しく教えてください。",
      () => "その次は？",
    ],
    reactions: ["なるほど。", "わかりました。", "面白いですね。", "はい。", "納得です。"],
    definitionLead: (s) => `ノートにはこうあります。${s}`,
    numberLead: (s) => `はい。${s}`,
    listLead: (items) => `主なポイントは、${items.map(bare).join("、")}です。`,
    tableRow: (l, cells) => `「${l}」は、${cells.map(([c, v]) => `${c}が${bare(v)}`).join("、")}です。`,
    recapTerms: (h, terms) => `つまり「${h}」のキーワードは、${terms}ですね。`,
    recapPlain: (h) => `「${h}」のポイントはこんなところですね。`,
    wrapUp: (title, terms) =>
      terms
        ? `「${title}」はここまでです。今日のキーワードは、${terms}でした。`
        : `「${title}」はここまでです。`,
    goodbye: "お聞きいただきありがとうございました。勉強、がんばってください！",
  },
  "ko-KR": {
    hosts: { host: "민준", guest: "서연" },
    openingTitle: "오프닝",
    closingTitle: "마무리",
    list: (items) => items.join(", "),
    more: "등",
    welcome: (host, guest) =>
      `빈노트 팟캐스트에 오신 것을 환영합니다. 저는 ${host}입니다. 오늘은 ${guest} 님과 함께합니다.`,
    hello: (title) => `안녕하세요! 오늘은 「${title}」 내용을 함께 공부해요.`,
    agenda: (chapters) => `오늘은 ${chapters} 순서로 살펴볼게요.`,
    ready: "좋아요, 바로 시작해 볼까요.",
    enterFirst: (h) => `먼저 「${h}」 부분부터 시작해 볼게요.`,
    enterNext: [
      (h) => `다음 주제는 「${h}」입니다.`,
      (h) => `이제 「${h}」 부분으로 넘어가 볼까요.`,
      (h) => `이어서 「${h}」 부분을 살펴볼게요.`,
    ],
    enterLast: (h) => `마지막 주제는 「${h}」입니다.`,
    askDefinition: [
      (t) => `「${t}」의 정의는 무엇인가요?`,
      (t) => `노트에서 「${t}」의 정의는 어떻게 되나요?`,
    ],
    askNumbers: "여기서 기억해야 할 수치가 있나요?",
    askTerm: [
      (t) => `그럼 「${t}」 쪽은요?`,
      (t) => `「${t}」는 여기서 어떤 역할을 하나요?`,
      (t) => `「${t}」에 대해 기억할 점은요?`,
    ],
    askList: "주요 내용은 무엇인가요?",
    askTable: (l) => `표에서는 「${l}」에 대해 뭐라고 하나요?`,
    askWhy: (t) => `「${t}」는 왜 그런가요?`,
    askExample: (t) => `「${t}」의 예를 들어 줄 수 있나요?`,
    askFigure: (f) => `「${f}」라는 수치는 무엇을 뜻하나요?`,
    authorSays: (s) => `저자는 이렇게 씁니다. ${s}`,
    askMore: [
      (h) => `「${h}」에 대해 또 알아야 할 것이 있나요?`,
      () => "조금 더 자세히 알려 주세요.",
      () => "그다음은요?",
    ],
    reactions: ["그렇군요.", "알겠어요.", "흥미롭네요.", "네.", "이해가 되네요."],
    definitionLead: (s) => `노트에는 이렇게 나와 있어요. ${s}`,
    numberLead: (s) => `네. ${s}`,
    listLead: (items) => `주요 내용은 다음과 같아요. ${items.map(bare).join(". ")}.`,
    tableRow: (l, cells) => `「${l}」: ${cells.map(([c, v]) => `${c} 항목은 ${bare(v)}`).join(", ")}.`,
    recapTerms: (h, terms) => `정리하면 「${h}」의 핵심어: ${terms}.`,
    recapPlain: (h) => `「${h}」의 요점은 여기까지네요.`,
    wrapUp: (title, terms) =>
      terms
        ? `「${title}」 이야기는 여기까지입니다. 오늘의 핵심어: ${terms}.`
        : `「${title}」 이야기는 여기까지입니다.`,
    goodbye: "들어 주셔서 감사합니다. 공부 화이팅!",
  },
  "fr-FR": {
    hosts: { host: "Hugo", guest: "Camille" },
    openingTitle: "Introduction",
    closingTitle: "Conclusion",
    list: (items) => join(items, " et "),
    more: "et plus encore",
    welcome: (host, guest) => `Bienvenue dans le podcast BeanNote. Je suis ${host}, et avec moi, ${guest}.`,
    hello: (title) => `Bonjour à tous ! Aujourd'hui, on étudie « ${title} ».`,
    agenda: (chapters) => `Au programme : ${chapters}.`,
    ready: "Parfait, allons-y.",
    enterFirst: (h) => `Commençons par « ${h} ».`,
    enterNext: [
      (h) => `Passons maintenant à « ${h} ».`,
      (h) => `Ensuite : « ${h} ».`,
      (h) => `Voyons maintenant « ${h} ».`,
    ],
    enterLast: (h) => `Pour finir, « ${h} ».`,
    askDefinition: [
      (t) => `Qu'est-ce que « ${t} », exactement ?`,
      (t) => `Comment la note définit-elle « ${t} » ?`,
    ],
    askNumbers: "Y a-t-il des chiffres à retenir ici ?",
    askTerm: [
      (t) => `Et « ${t} », alors ?`,
      (t) => `Quel rôle joue « ${t} » ici ?`,
      (t) => `Que faut-il retenir sur « ${t} » ?`,
    ],
    askList: "Quels sont les points principaux ?",
    askTable: (l) => `Que dit le tableau sur « ${l} » ?`,
    askWhy: (t) => `Pourquoi en est-il ainsi pour « ${t} » ?`,
    askExample: (t) => `Peux-tu donner un exemple de « ${t} » ?`,
    askFigure: (f) => `Que signifie le chiffre ${f} ?`,
    authorSays: (s) => `L’auteur l’écrit ainsi : ${s}`,
    askMore: [
      (h) => `Que faut-il savoir d'autre sur « ${h} » ?`,
      () => "Dis-m'en plus.",
      () => "Et ensuite ?",
    ],
    reactions: ["Je vois.", "D'accord.", "Intéressant.", "Très bien.", "Ça se tient."],
    definitionLead: (s) => `La note le dit ainsi : ${s}`,
    numberLead: (s) => `Oui. ${s}`,
    listLead: (items) => `Les points principaux : ${items.map(bare).join(" ; ")}.`,
    tableRow: (l, cells) => `Pour « ${l} » : ${cells.map(([c, v]) => `${c}, ${bare(v)}`).join(" ; ")}.`,
    recapTerms: (h, terms) => `Donc, pour « ${h} », les mots clés : ${terms}.`,
    recapPlain: (h) => `Voilà l'essentiel de « ${h} ».`,
    wrapUp: (title, terms) =>
      terms
        ? `C'est tout pour « ${title} ». Les mots clés du jour : ${terms}.`
        : `C'est tout pour « ${title} ».`,
    goodbye: "Merci de nous avoir écoutés, et bon courage pour vos révisions !",
  },
  "de-DE": {
    hosts: { host: "Jonas", guest: "Lena" },
    openingTitle: "Einleitung",
    closingTitle: "Abschluss",
    list: (items) => join(items, " und "),
    more: "und mehr",
    welcome: (host, guest) => `Willkommen beim BeanNote-Podcast. Ich bin ${host}, und bei mir ist ${guest}.`,
    hello: (title) => `Hallo zusammen! Heute lernen wir „${title}“.`,
    agenda: (chapters) => `Auf dem Programm: ${chapters}.`,
    ready: "Klingt gut, legen wir los.",
    enterFirst: (h) => `Fangen wir mit „${h}“ an.`,
    enterNext: [
      (h) => `Weiter geht es mit „${h}“.`,
      (h) => `Kommen wir nun zu „${h}“.`,
      (h) => `Als Nächstes: „${h}“.`,
    ],
    enterLast: (h) => `Zum Schluss: „${h}“.`,
    askDefinition: [(t) => `Was genau ist „${t}“?`, (t) => `Wie definiert die Notiz „${t}“?`],
    askNumbers: "Gibt es hier Zahlen, die man sich merken sollte?",
    askTerm: [
      (t) => `Und was ist mit „${t}“?`,
      (t) => `Welche Rolle spielt „${t}“ hier?`,
      (t) => `Was sollte man über „${t}“ wissen?`,
    ],
    askList: "Was sind die wichtigsten Punkte?",
    askTable: (l) => `Was sagt die Tabelle zu „${l}“?`,
    askWhy: (t) => `Warum ist das bei „${t}“ so?`,
    askExample: (t) => `Hast du ein Beispiel für „${t}“?`,
    askFigure: (f) => `Was bedeutet die Zahl ${f}?`,
    authorSays: (s) => `Der Autor schreibt: ${s}`,
    askMore: [
      (h) => `Was sollte man sonst noch über „${h}“ wissen?`,
      () => "Erzähl mehr.",
      () => "Und was kommt dann?",
    ],
    reactions: ["Verstehe.", "Alles klar.", "Interessant.", "Okay.", "Das ergibt Sinn."],
    definitionLead: (s) => `Die Notiz sagt es so: ${s}`,
    numberLead: (s) => `Ja. ${s}`,
    listLead: (items) => `Die wichtigsten Punkte: ${items.map(bare).join("; ")}.`,
    tableRow: (l, cells) => `Für „${l}“: ${cells.map(([c, v]) => `${c}, ${bare(v)}`).join("; ")}.`,
    recapTerms: (h, terms) => `Für „${h}“ also die Schlüsselbegriffe: ${terms}.`,
    recapPlain: (h) => `Das ist „${h}“ in Kürze.`,
    wrapUp: (title, terms) =>
      terms ? `Das war „${title}“. Die Schlüsselbegriffe heute: ${terms}.` : `Das war „${title}“.`,
    goodbye: "Danke fürs Zuhören und viel Erfolg beim Lernen!",
  },
  "pt-BR": {
    hosts: { host: "Rafael", guest: "Ana" },
    openingTitle: "Abertura",
    closingTitle: "Encerramento",
    list: (items) => join(items, " e "),
    more: "e mais",
    welcome: (host, guest) => `Bem-vindos ao podcast BeanNote. Eu sou ${host}, e comigo está ${guest}.`,
    hello: (title) => `Olá a todos! Hoje vamos estudar “${title}”.`,
    agenda: (chapters) => `Vamos passar por ${chapters}.`,
    ready: "Ótimo, vamos começar.",
    enterFirst: (h) => `Vamos começar por “${h}”.`,
    enterNext: [
      (h) => `Agora vamos para “${h}”.`,
      (h) => `Em seguida: “${h}”.`,
      (h) => `Vamos ver agora “${h}”.`,
    ],
    enterLast: (h) => `Por fim, “${h}”.`,
    askDefinition: [(t) => `O que é exatamente “${t}”?`, (t) => `Como a nota define “${t}”?`],
    askNumbers: "Há algum número importante para lembrar aqui?",
    askTerm: [
      (t) => `E quanto a “${t}”?`,
      (t) => `Que papel tem “${t}” aqui?`,
      (t) => `O que devemos saber sobre “${t}”?`,
    ],
    askList: "Quais são os pontos principais?",
    askTable: (l) => `O que a tabela diz sobre “${l}”?`,
    askWhy: (t) => `Por que isso acontece com “${t}”?`,
    askExample: (t) => `Pode dar um exemplo de “${t}”?`,
    askFigure: (f) => `O que significa o número ${f}?`,
    authorSays: (s) => `O autor escreve assim: ${s}`,
    askMore: [(h) => `O que mais devemos saber sobre “${h}”?`, () => "Conte mais.", () => "E depois?"],
    reactions: ["Entendi.", "Certo.", "Interessante.", "Tá bom.", "Faz sentido."],
    definitionLead: (s) => `A nota diz assim: ${s}`,
    numberLead: (s) => `Sim. ${s}`,
    listLead: (items) => `Os pontos principais são: ${items.map(bare).join("; ")}.`,
    tableRow: (l, cells) => `Para “${l}”: ${cells.map(([c, v]) => `${c}, ${bare(v)}`).join("; ")}.`,
    recapTerms: (h, terms) => `Então, em “${h}”, os termos-chave: ${terms}.`,
    recapPlain: (h) => `Esse é o resumo de “${h}”.`,
    wrapUp: (title, terms) =>
      terms ? `É isso para “${title}”. Os termos-chave de hoje: ${terms}.` : `É isso para “${title}”.`,
    goodbye: "Obrigado por ouvir e bons estudos!",
  },
  "es-ES": {
    hosts: { host: "Pablo", guest: "Lucía" },
    openingTitle: "Apertura",
    closingTitle: "Cierre",
    list: (items) => join(items, " y "),
    more: "y más",
    welcome: (host, guest) => `Bienvenidos al pódcast de BeanNote. Soy ${host}, y me acompaña ${guest}.`,
    hello: (title) => `¡Hola a todos! Hoy estudiamos «${title}».`,
    agenda: (chapters) => `Vamos a repasar ${chapters}.`,
    ready: "Perfecto, empecemos.",
    enterFirst: (h) => `Empecemos por «${h}».`,
    enterNext: [
      (h) => `Pasemos ahora a «${h}».`,
      (h) => `A continuación: «${h}».`,
      (h) => `Veamos ahora «${h}».`,
    ],
    enterLast: (h) => `Por último, «${h}».`,
    askDefinition: [(t) => `¿Qué es exactamente «${t}»?`, (t) => `¿Cómo define la nota «${t}»?`],
    askNumbers: "¿Hay alguna cifra que convenga recordar aquí?",
    askTerm: [
      (t) => `¿Y qué hay de «${t}»?`,
      (t) => `¿Qué papel juega «${t}» aquí?`,
      (t) => `¿Qué conviene recordar sobre «${t}»?`,
    ],
    askList: "¿Cuáles son los puntos principales?",
    askTable: (l) => `¿Qué dice la tabla sobre «${l}»?`,
    askWhy: (t) => `¿Por qué ocurre eso con «${t}»?`,
    askExample: (t) => `¿Puedes dar un ejemplo de «${t}»?`,
    askFigure: (f) => `¿Qué significa la cifra ${f}?`,
    authorSays: (s) => `El autor lo escribe así: ${s}`,
    askMore: [(h) => `¿Qué más hay que saber sobre «${h}»?`, () => "Cuéntame más.", () => "¿Y después?"],
    reactions: ["Ya veo.", "Entendido.", "Interesante.", "Vale.", "Tiene sentido."],
    definitionLead: (s) => `La nota lo dice así: ${s}`,
    numberLead: (s) => `Sí. ${s}`,
    listLead: (items) => `Los puntos principales son: ${items.map(bare).join("; ")}.`,
    tableRow: (l, cells) => `Para «${l}»: ${cells.map(([c, v]) => `${c}, ${bare(v)}`).join("; ")}.`,
    recapTerms: (h, terms) => `Entonces, en «${h}», los términos clave: ${terms}.`,
    recapPlain: (h) => `Eso es «${h}» en resumen.`,
    wrapUp: (title, terms) =>
      terms
        ? `Esto es todo sobre «${title}». Los términos clave de hoy: ${terms}.`
        : `Esto es todo sobre «${title}».`,
    goodbye: "¡Gracias por escucharnos y mucho ánimo con el estudio!",
  },
};

/** Podcast template words for an output language. */
export function podcastLabelsFor(language: OutputLanguage): PodcastLabels {
  return PODCAST_LABELS[language];
}
