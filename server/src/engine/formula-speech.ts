import type { OutputLanguage } from "@beannote/contract";
import { formulaSpans } from "./formula";

/**
 * A formula said in words of the output language ("x squared plus y squared", "x 的平方加 y 的平方"), for the
 * podcast's voice: LaTeX is read into a small tree (scripts, fractions, roots, big operators, limits,
 * functions, symbols) and each node is said with the language's phrase. A voice never reads `$`, a
 * backslash, a brace or a command's name; a command it does not know is left out, its arguments said.
 */

type Node =
  | { kind: "atom"; text: string } // a letter, a number, a word already said
  | { kind: "symbol"; name: string } // an operator, relation or constant with a phrase
  | { kind: "row"; items: Node[] }
  | { kind: "script"; base: Node; sub?: Node; sup?: Node }
  | { kind: "frac"; num: Node; den: Node }
  | { kind: "sqrt"; body: Node; index?: Node }
  | { kind: "big"; op: BigOperator; sub?: Node; sup?: Node }
  | { kind: "group"; body: Node; bracketed: boolean };

type BigOperator = "sum" | "prod" | "int" | "iint" | "oint" | "lim" | "max" | "min" | "sup" | "inf";

interface Phrases {
  /** Words of the symbols (relations, operators, constants). */
  symbols: Record<string, string>;
  frac(num: string, den: string): string;
  squared(base: string): string;
  cubed(base: string): string;
  power(base: string, exponent: string): string;
  sqrt(body: string): string;
  root(index: string, body: string): string;
  /** A big operator with its limits (either may be empty) before its body. */
  big(op: BigOperator, from: string, to: string): string;
  greek?: Record<string, string>;
  functions?: Record<string, string>;
  /** True for languages written without spaces between words. */
  unspaced?: boolean;
  /** A bracketed sum raised to a power or divided ("the quantity a plus b"); a pause after it otherwise. */
  quantity?: (inner: string) => string;
  /** The word between a function and its bracketed argument ("f of x"). */
  of?: string;
}

const SYMBOL_COMMANDS: Record<string, string> = {
  "=": "eq",
  "≠": "ne",
  "<": "lt",
  ">": "gt",
  "≤": "le",
  "≥": "ge",
  "+": "plus",
  "-": "minus",
  "−": "minus",
  "±": "pm",
  "×": "times",
  "·": "times",
  "*": "times",
  "/": "over",
  "→": "to",
  "∈": "in",
  "∞": "infty",
  "≈": "approx",
  "∂": "partial",
  "!": "factorial",
  "'": "prime",
  "⇒": "implies",
  "⇔": "iff",
  "∀": "forall",
  "∃": "exists",
  "∑": "sum",
  "∫": "int",
  neq: "ne",
  ne: "ne",
  lt: "lt",
  gt: "gt",
  le: "le",
  leq: "le",
  leqslant: "le",
  ge: "ge",
  geq: "ge",
  geqslant: "ge",
  pm: "pm",
  mp: "pm",
  times: "times",
  cdot: "times",
  div: "over",
  to: "to",
  rightarrow: "to",
  longrightarrow: "to",
  mapsto: "to",
  in: "in",
  infty: "infty",
  approx: "approx",
  sim: "approx",
  simeq: "approx",
  equiv: "equiv",
  partial: "partial",
  nabla: "nabla",
  prime: "prime",
  Rightarrow: "implies",
  implies: "implies",
  Leftrightarrow: "iff",
  iff: "iff",
  forall: "forall",
  exists: "exists",
  subset: "subset",
  subseteq: "subset",
  cup: "cup",
  cap: "cap",
  propto: "propto",
  perp: "perp",
  parallel: "parallel",
  ldots: "dots",
  cdots: "dots",
  dots: "dots",
  emptyset: "emptyset",
  varnothing: "emptyset",
};

const ENGLISH_SYMBOLS: Record<string, string> = {
  eq: "equals",
  ne: "is not equal to",
  lt: "is less than",
  gt: "is greater than",
  le: "is less than or equal to",
  ge: "is greater than or equal to",
  plus: "plus",
  minus: "minus",
  pm: "plus or minus",
  times: "times",
  over: "divided by",
  to: "tends to",
  in: "in",
  infty: "infinity",
  approx: "is approximately",
  equiv: "is equivalent to",
  partial: "partial",
  nabla: "nabla",
  factorial: "factorial",
  prime: "prime",
  implies: "implies",
  iff: "if and only if",
  forall: "for all",
  exists: "there exists",
  subset: "is a subset of",
  cup: "union",
  cap: "intersection",
  propto: "is proportional to",
  perp: "is perpendicular to",
  parallel: "is parallel to",
  dots: "and so on",
  emptyset: "the empty set",
  sum: "sum",
  int: "integral",
};

const GREEK = [
  "alpha",
  "beta",
  "gamma",
  "delta",
  "epsilon",
  "varepsilon",
  "zeta",
  "eta",
  "theta",
  "vartheta",
  "iota",
  "kappa",
  "lambda",
  "mu",
  "nu",
  "xi",
  "pi",
  "rho",
  "sigma",
  "tau",
  "upsilon",
  "phi",
  "varphi",
  "chi",
  "psi",
  "omega",
];

const greekNames = (names: string) => {
  const words = names.split(" ");
  return Object.fromEntries(GREEK.map((g, i) => [g, words[i]!]));
};

const CJK_GREEK_ZH = greekNames(
  "阿尔法 贝塔 伽马 德尔塔 艾普西隆 艾普西隆 泽塔 伊塔 西塔 西塔 约塔 卡帕 兰姆达 缪 纽 克西 派 柔 西格玛 陶 宇普西隆 斐 斐 卡 普西 欧米伽",
);
const CJK_GREEK_JA = greekNames(
  "アルファ ベータ ガンマ デルタ イプシロン イプシロン ゼータ イータ シータ シータ イオタ カッパ ラムダ ミュー ニュー クサイ パイ ロー シグマ タウ ウプシロン ファイ ファイ カイ プサイ オメガ",
);
const CJK_GREEK_KO = greekNames(
  "알파 베타 감마 델타 엡실론 엡실론 제타 에타 세타 세타 요타 카파 람다 뮤 뉴 크시 파이 로 시그마 타우 입실론 파이 파이 카이 프사이 오메가",
);

const ENGLISH: Phrases = {
  symbols: ENGLISH_SYMBOLS,
  frac: (n, d) => `${n} over ${d}`,
  squared: (b) => `${b} squared`,
  cubed: (b) => `${b} cubed`,
  power: (b, e) => `${b} to the power of ${e}`,
  sqrt: (b) => `the square root of ${b}`,
  root: (i, b) => `the root of order ${i} of ${b}`,
  big: (op, from, to) => {
    const name = {
      sum: "the sum",
      prod: "the product",
      int: "the integral",
      iint: "the double integral",
      oint: "the contour integral",
      lim: "the limit",
      max: "the maximum",
      min: "the minimum",
      sup: "the supremum",
      inf: "the infimum",
    }[op];
    if (op === "lim") return `${name}${from ? ` as ${from}` : ""} of`;
    return `${name}${from ? ` ${to || op.endsWith("int") ? "from" : "over"} ${from}` : ""}${to ? ` to ${to}` : ""} of`;
  },
  functions: { sin: "sine", cos: "cosine", tan: "tangent", ln: "natural log of", log: "log", exp: "exp" },
  quantity: (x) => `the quantity ${x},`,
  of: "of",
};

const PHRASES: Record<OutputLanguage, Phrases> = {
  "en-US": ENGLISH,
  "zh-CN": {
    quantity: (x) => `括号 ${x} 括号`,
    unspaced: true,
    greek: CJK_GREEK_ZH,
    symbols: {
      eq: "等于",
      ne: "不等于",
      lt: "小于",
      gt: "大于",
      le: "小于等于",
      ge: "大于等于",
      plus: "加",
      minus: "减",
      negative: "负",
      pm: "加减",
      times: "乘",
      over: "除以",
      to: "趋于",
      in: "属于",
      infty: "无穷",
      approx: "约等于",
      equiv: "恒等于",
      partial: "偏",
      nabla: "梯度",
      factorial: "的阶乘",
      prime: "撇",
      implies: "推出",
      iff: "当且仅当",
      forall: "对任意",
      exists: "存在",
      subset: "包含于",
      cup: "并",
      cap: "交",
      propto: "正比于",
      perp: "垂直于",
      parallel: "平行于",
      dots: "等等",
      emptyset: "空集",
      sum: "求和",
      int: "积分",
    },
    frac: (n, d) => `${d} 分之 ${n}`,
    squared: (b) => `${b} 的平方`,
    cubed: (b) => `${b} 的立方`,
    power: (b, e) => `${b} 的 ${e} 次方`,
    sqrt: (b) => `根号 ${b}`,
    root: (i, b) => `${i} 次根号 ${b}`,
    big: (op, from, to) => {
      const name = {
        sum: "求和",
        prod: "连乘",
        int: "积分",
        iint: "二重积分",
        oint: "环路积分",
        lim: "的极限",
        max: "的最大值",
        min: "的最小值",
        sup: "的上确界",
        inf: "的下确界",
      }[op];
      if (op === "lim") return from ? `当 ${from} 时` : "极限";
      if (["max", "min", "sup", "inf"].includes(op)) return `${from ? `${from} 上` : ""}${name.slice(1)}`;
      return `${from ? `${to ? "从" : "在"} ${from} ${to ? `到 ${to} ` : "上"}` : ""}${name}`;
    },
    functions: { sin: "正弦", cos: "余弦", tan: "正切", ln: "自然对数", log: "对数", exp: "指数" },
  },
  "ja-JP": {
    quantity: (x) => `かっこ ${x} かっことじ`,
    unspaced: true,
    greek: CJK_GREEK_JA,
    symbols: {
      eq: "イコール",
      ne: "ノットイコール",
      lt: "小なり",
      gt: "大なり",
      le: "小なりイコール",
      ge: "大なりイコール",
      plus: "プラス",
      minus: "マイナス",
      pm: "プラスマイナス",
      times: "かける",
      over: "わる",
      to: "を近づけると",
      in: "属する",
      infty: "無限大",
      approx: "ニアリーイコール",
      equiv: "合同",
      partial: "ラウンド",
      nabla: "ナブラ",
      factorial: "の階乗",
      prime: "プライム",
      implies: "ならば",
      iff: "同値",
      forall: "任意の",
      exists: "存在する",
      subset: "部分集合",
      cup: "和集合",
      cap: "共通部分",
      propto: "比例",
      perp: "垂直",
      parallel: "平行",
      dots: "など",
      emptyset: "空集合",
      sum: "総和",
      int: "積分",
    },
    frac: (n, d) => `${d} 分の ${n}`,
    squared: (b) => `${b} の二乗`,
    cubed: (b) => `${b} の三乗`,
    power: (b, e) => `${b} の ${e} 乗`,
    sqrt: (b) => `ルート ${b}`,
    root: (i, b) => `${i} 乗根 ${b}`,
    big: (op, from, to) => {
      const name = {
        sum: "の総和",
        prod: "の総乗",
        int: "の積分",
        iint: "の二重積分",
        oint: "の周回積分",
        lim: "の極限",
        max: "の最大値",
        min: "の最小値",
        sup: "の上限",
        inf: "の下限",
      }[op];
      if (op === "lim") return from ? `${from} とき` : "極限";
      return `${from ? `${from} ${to ? `から ${to} まで` : "で"}` : ""}${name.slice(1)}`;
    },
    functions: {
      sin: "サイン",
      cos: "コサイン",
      tan: "タンジェント",
      ln: "エルエヌ",
      log: "ログ",
      exp: "エクスポネンシャル",
    },
  },
  "ko-KR": {
    quantity: (x) => `괄호 ${x} 괄호`,
    greek: CJK_GREEK_KO,
    symbols: {
      eq: "이퀄",
      ne: "같지 않다",
      lt: "보다 작다",
      gt: "보다 크다",
      le: "작거나 같다",
      ge: "크거나 같다",
      plus: "더하기",
      minus: "빼기",
      pm: "플러스 마이너스",
      times: "곱하기",
      over: "나누기",
      to: "가 다가갈 때",
      in: "에 속한다",
      infty: "무한대",
      approx: "약",
      equiv: "합동",
      partial: "라운드",
      nabla: "나블라",
      factorial: "팩토리얼",
      prime: "프라임",
      implies: "이면",
      iff: "필요충분조건",
      forall: "모든",
      exists: "존재한다",
      subset: "부분집합",
      cup: "합집합",
      cap: "교집합",
      propto: "비례",
      perp: "수직",
      parallel: "평행",
      dots: "등",
      emptyset: "공집합",
      sum: "시그마",
      int: "적분",
    },
    frac: (n, d) => `${d} 분의 ${n}`,
    squared: (b) => `${b} 제곱`,
    cubed: (b) => `${b} 세제곱`,
    power: (b, e) => `${b} 의 ${e} 제곱`,
    sqrt: (b) => `루트 ${b}`,
    root: (i, b) => `${i} 제곱근 ${b}`,
    big: (op, from, to) => {
      const name = {
        sum: "합",
        prod: "곱",
        int: "적분",
        iint: "이중적분",
        oint: "선적분",
        lim: "극한",
        max: "최댓값",
        min: "최솟값",
        sup: "상한",
        inf: "하한",
      }[op];
      if (op === "lim") return from ? `${from} 일 때 극한` : name;
      return `${from ? `${from} ${to ? `부터 ${to} 까지` : "에서"} ` : ""}${name}`;
    },
    functions: { sin: "사인", cos: "코사인", tan: "탄젠트", ln: "자연로그", log: "로그", exp: "지수" },
  },
  "fr-FR": {
    of: "de",
    symbols: {
      ...ENGLISH_SYMBOLS,
      eq: "égale",
      ne: "est différent de",
      lt: "est inférieur à",
      gt: "est supérieur à",
      le: "est inférieur ou égal à",
      ge: "est supérieur ou égal à",
      plus: "plus",
      minus: "moins",
      pm: "plus ou moins",
      times: "fois",
      over: "divisé par",
      to: "tend vers",
      in: "appartient à",
      infty: "l'infini",
      approx: "environ",
      equiv: "équivaut à",
      partial: "d rond",
      factorial: "factorielle",
      prime: "prime",
      implies: "implique",
      iff: "si et seulement si",
      forall: "pour tout",
      exists: "il existe",
      subset: "est inclus dans",
      cup: "union",
      cap: "inter",
      propto: "est proportionnel à",
      perp: "est perpendiculaire à",
      parallel: "est parallèle à",
      dots: "et ainsi de suite",
      emptyset: "l'ensemble vide",
      sum: "somme",
      int: "intégrale",
    },
    frac: (n, d) => `${n} sur ${d}`,
    squared: (b) => `${b} au carré`,
    cubed: (b) => `${b} au cube`,
    power: (b, e) => `${b} puissance ${e}`,
    sqrt: (b) => `racine carrée de ${b}`,
    root: (i, b) => `racine ${i}-ième de ${b}`,
    big: (op, from, to) => {
      const name = {
        sum: "la somme",
        prod: "le produit",
        int: "l'intégrale",
        iint: "l'intégrale double",
        oint: "l'intégrale curviligne",
        lim: "la limite",
        max: "le maximum",
        min: "le minimum",
        sup: "la borne supérieure",
        inf: "la borne inférieure",
      }[op];
      if (op === "lim") return `${name}${from ? ` quand ${from}` : ""} de`;
      return `${name}${from ? ` ${to ? "de" : "sur"} ${from}` : ""}${to ? ` à ${to}` : ""} de`;
    },
    functions: {
      sin: "sinus",
      cos: "cosinus",
      tan: "tangente",
      ln: "logarithme de",
      log: "log",
      exp: "exponentielle de",
    },
  },
  "de-DE": {
    of: "von",
    symbols: {
      ...ENGLISH_SYMBOLS,
      eq: "gleich",
      ne: "ungleich",
      lt: "kleiner als",
      gt: "größer als",
      le: "kleiner gleich",
      ge: "größer gleich",
      plus: "plus",
      minus: "minus",
      pm: "plus minus",
      times: "mal",
      over: "geteilt durch",
      to: "gegen",
      in: "Element von",
      infty: "unendlich",
      approx: "ungefähr",
      equiv: "äquivalent",
      partial: "partiell",
      factorial: "Fakultät",
      prime: "Strich",
      implies: "daraus folgt",
      iff: "genau dann, wenn",
      forall: "für alle",
      exists: "es gibt",
      subset: "Teilmenge von",
      cup: "vereinigt",
      cap: "geschnitten",
      propto: "proportional zu",
      perp: "senkrecht zu",
      parallel: "parallel zu",
      dots: "und so weiter",
      emptyset: "die leere Menge",
      sum: "Summe",
      int: "Integral",
    },
    frac: (n, d) => `${n} durch ${d}`,
    squared: (b) => `${b} Quadrat`,
    cubed: (b) => `${b} hoch drei`,
    power: (b, e) => `${b} hoch ${e}`,
    sqrt: (b) => `Wurzel aus ${b}`,
    root: (i, b) => `${i}-te Wurzel aus ${b}`,
    big: (op, from, to) => {
      const name = {
        sum: "die Summe",
        prod: "das Produkt",
        int: "das Integral",
        iint: "das Doppelintegral",
        oint: "das Kurvenintegral",
        lim: "der Grenzwert",
        max: "das Maximum",
        min: "das Minimum",
        sup: "das Supremum",
        inf: "das Infimum",
      }[op];
      if (op === "lim") return `${name}${from ? ` für ${from}` : ""} von`;
      return `${name}${from ? ` ${to ? "von" : "über"} ${from}` : ""}${to ? ` bis ${to}` : ""} von`;
    },
    functions: {
      sin: "Sinus",
      cos: "Kosinus",
      tan: "Tangens",
      ln: "Logarithmus von",
      log: "Log",
      exp: "e hoch",
    },
  },
  "es-ES": {
    of: "de",
    symbols: {
      ...ENGLISH_SYMBOLS,
      eq: "igual a",
      ne: "distinto de",
      lt: "menor que",
      gt: "mayor que",
      le: "menor o igual que",
      ge: "mayor o igual que",
      plus: "más",
      minus: "menos",
      pm: "más o menos",
      times: "por",
      over: "entre",
      to: "tiende a",
      in: "pertenece a",
      infty: "infinito",
      approx: "aproximadamente",
      equiv: "equivale a",
      partial: "parcial",
      factorial: "factorial",
      prime: "prima",
      implies: "implica",
      iff: "si y solo si",
      forall: "para todo",
      exists: "existe",
      subset: "está contenido en",
      cup: "unión",
      cap: "intersección",
      propto: "es proporcional a",
      perp: "es perpendicular a",
      parallel: "es paralelo a",
      dots: "etcétera",
      emptyset: "el conjunto vacío",
      sum: "suma",
      int: "integral",
    },
    frac: (n, d) => `${n} entre ${d}`,
    squared: (b) => `${b} al cuadrado`,
    cubed: (b) => `${b} al cubo`,
    power: (b, e) => `${b} elevado a ${e}`,
    sqrt: (b) => `la raíz cuadrada de ${b}`,
    root: (i, b) => `la raíz ${i} de ${b}`,
    big: (op, from, to) => {
      const name = {
        sum: "la suma",
        prod: "el producto",
        int: "la integral",
        iint: "la integral doble",
        oint: "la integral de línea",
        lim: "el límite",
        max: "el máximo",
        min: "el mínimo",
        sup: "el supremo",
        inf: "el ínfimo",
      }[op];
      if (op === "lim") return `${name}${from ? ` cuando ${from}` : ""} de`;
      return `${name}${from ? ` ${to ? "desde" : "sobre"} ${from}` : ""}${to ? ` hasta ${to}` : ""} de`;
    },
    functions: {
      sin: "seno",
      cos: "coseno",
      tan: "tangente",
      ln: "logaritmo de",
      log: "log",
      exp: "exponencial de",
    },
  },
  "pt-BR": {
    of: "de",
    symbols: {
      ...ENGLISH_SYMBOLS,
      eq: "igual a",
      ne: "diferente de",
      lt: "menor que",
      gt: "maior que",
      le: "menor ou igual a",
      ge: "maior ou igual a",
      plus: "mais",
      minus: "menos",
      pm: "mais ou menos",
      times: "vezes",
      over: "dividido por",
      to: "tende a",
      in: "pertence a",
      infty: "infinito",
      approx: "aproximadamente",
      equiv: "equivale a",
      partial: "parcial",
      factorial: "fatorial",
      prime: "linha",
      implies: "implica",
      iff: "se e somente se",
      forall: "para todo",
      exists: "existe",
      subset: "está contido em",
      cup: "união",
      cap: "interseção",
      propto: "é proporcional a",
      perp: "é perpendicular a",
      parallel: "é paralelo a",
      dots: "e assim por diante",
      emptyset: "o conjunto vazio",
      sum: "soma",
      int: "integral",
    },
    frac: (n, d) => `${n} sobre ${d}`,
    squared: (b) => `${b} ao quadrado`,
    cubed: (b) => `${b} ao cubo`,
    power: (b, e) => `${b} elevado a ${e}`,
    sqrt: (b) => `a raiz quadrada de ${b}`,
    root: (i, b) => `a raiz de índice ${i} de ${b}`,
    big: (op, from, to) => {
      const name = {
        sum: "a soma",
        prod: "o produto",
        int: "a integral",
        iint: "a integral dupla",
        oint: "a integral de linha",
        lim: "o limite",
        max: "o máximo",
        min: "o mínimo",
        sup: "o supremo",
        inf: "o ínfimo",
      }[op];
      if (op === "lim") return `${name}${from ? ` quando ${from}` : ""} de`;
      return `${name}${from ? ` ${to ? "de" : "sobre"} ${from}` : ""}${to ? ` até ${to}` : ""} de`;
    },
    functions: {
      sin: "seno",
      cos: "cosseno",
      tan: "tangente",
      ln: "logaritmo de",
      log: "log",
      exp: "exponencial de",
    },
  },
};

const BIG_OPERATORS: Record<string, BigOperator> = {
  sum: "sum",
  "∑": "sum",
  prod: "prod",
  "∏": "prod",
  int: "int",
  "∫": "int",
  iint: "iint",
  "∬": "iint",
  iiint: "iint",
  oint: "oint",
  "∮": "oint",
  lim: "lim",
  limsup: "lim",
  liminf: "lim",
  max: "max",
  min: "min",
  sup: "sup",
  inf: "inf",
  argmax: "max",
  argmin: "min",
};

/** Commands whose argument is said as it is (a font, a text, an operator name). */
const TRANSPARENT =
  /^(?:math[a-z]+|text[a-z]*|operatorname\*?|boldsymbol|bm|mbox|hbox|displaystyle|textstyle|left|right|big+l?r?|Big+l?r?|vec|hat|bar|tilde|dot|ddot|overline|underline|widehat|widetilde|overrightarrow)$/;
/** Commands a voice leaves out with nothing in their place (spacing, sizing). */
const SILENT =
  /^(?:[,;:! ]|quad|qquad|enspace|thinspace|medspace|thickspace|nonumber|notag|limits|nolimits|label|tag|cr)$/;

const MAX_DEPTH = 40;

class Reader {
  private pos = 0;
  constructor(private readonly src: string) {}

  row(stop: string | null = null, depth = 0): Node {
    const items: Node[] = [];
    while (this.pos < this.src.length) {
      const ch = this.src[this.pos]!;
      if (stop && this.src.startsWith(stop, this.pos)) break;
      if (ch === "}" && stop !== "}") {
        this.pos++;
        continue;
      }
      if ((ch === "^" || ch === "_") && items.length) {
        this.pos++;
        const arg = this.argument(depth);
        const last = items.pop()!;
        items.push(attachScript(last, ch, arg));
        continue;
      }
      if (ch === "^" || ch === "_") {
        this.pos++;
        continue;
      }
      const node = this.item(depth);
      if (node) items.push(node);
    }
    return items.length === 1 ? items[0]! : { kind: "row", items };
  }

  private argument(depth: number): Node {
    this.skipSpaces();
    if (depth > MAX_DEPTH) return { kind: "row", items: [] };
    if (this.src[this.pos] === "{") {
      this.pos++;
      const body = this.row("}", depth + 1);
      this.pos++;
      return body;
    }
    return this.item(depth + 1) ?? { kind: "row", items: [] };
  }

  private optional(depth: number): Node | undefined {
    this.skipSpaces();
    if (this.src[this.pos] !== "[") return undefined;
    this.pos++;
    const body = this.row("]", depth + 1);
    this.pos++;
    return body;
  }

  private skipSpaces() {
    while (/\s/.test(this.src[this.pos] ?? "")) this.pos++;
  }

  private item(depth: number): Node | null {
    const ch = this.src[this.pos];
    if (ch === undefined) return null;
    // past the depth bound, braces are skipped: the nesting is flattened, never followed
    if (/\s/.test(ch) || ch === "&" || ch === "$" || (depth > MAX_DEPTH && /[{}]/.test(ch))) {
      this.pos++;
      return null;
    }
    if (ch === "{") {
      this.pos++;
      const body = this.row("}", depth + 1);
      this.pos++;
      return { kind: "group", body, bracketed: false };
    }
    if (ch === "\\") return this.command(depth);
    const number = /^\d+(?:[.,]\d+)?/.exec(this.src.slice(this.pos));
    if (number) {
      this.pos += number[0].length;
      return { kind: "atom", text: number[0] };
    }
    this.pos += ch.length;
    const code = this.src.codePointAt(this.pos - 1)!;
    const full = code > 0xffff ? String.fromCodePoint(code) : ch;
    if (code > 0xffff) this.pos++;
    if (BIG_OPERATORS[full]) return { kind: "big", op: BIG_OPERATORS[full] };
    if (SYMBOL_COMMANDS[full]) return { kind: "symbol", name: SYMBOL_COMMANDS[full] };
    if (full === "(" || full === "[") {
      const body = this.row(full === "(" ? ")" : "]", depth + 1);
      this.pos++;
      return { kind: "group", body, bracketed: true };
    }
    if (/[()[\]|]/.test(full)) return null;
    return { kind: "atom", text: full };
  }

  private command(depth: number): Node | null {
    const match = /^\\([A-Za-z]+\*?|.)/.exec(this.src.slice(this.pos, this.pos + 40));
    if (!match) {
      this.pos++;
      return null;
    }
    this.pos += match[0].length;
    if (depth > MAX_DEPTH) return null;
    const name = match[1]!;
    if (name === "\\") return { kind: "symbol", name: "pause" };
    if (SILENT.test(name)) {
      if (name === "label" || name === "tag") this.argument(depth);
      return null;
    }
    if (/^[dt]?frac$|^cfrac$/.test(name)) {
      const num = this.argument(depth);
      return { kind: "frac", num, den: this.argument(depth) };
    }
    if (name === "sqrt") {
      const index = this.optional(depth);
      return { kind: "sqrt", body: this.argument(depth), index };
    }
    if (name === "operatorname" || name === "operatorname*") {
      const words = plain(this.argument(depth)).replace(/\s+/g, "");
      if (BIG_OPERATORS[words]) return { kind: "big", op: BIG_OPERATORS[words] };
      return { kind: "atom", text: words };
    }
    if (TRANSPARENT.test(name)) {
      if (name === "left") {
        this.skipSpaces();
        this.pos += this.src[this.pos] === "\\" ? 2 : 1; // the opening delimiter
        const body = this.row("\\right", depth + 1);
        if (this.src.startsWith("\\right", this.pos)) {
          this.pos += 6;
          this.skipSpaces();
          this.pos += this.src[this.pos] === "\\" ? 2 : 1; // the closing one
        }
        return { kind: "group", body, bracketed: true };
      }
      if (/^(?:left|right|big+l?r?|Big+l?r?)$/.test(name)) {
        this.skipSpaces();
        this.pos += this.src[this.pos] === "\\" ? 2 : 1; // the delimiter
        return null;
      }
      if (/^(?:displaystyle|textstyle)$/.test(name)) return null;
      return { kind: "group", body: this.argument(depth), bracketed: false };
    }
    if (name === "begin" || name === "end") {
      this.argument(depth);
      return null;
    }
    if (BIG_OPERATORS[name]) return { kind: "big", op: BIG_OPERATORS[name] };
    if (SYMBOL_COMMANDS[name]) return { kind: "symbol", name: SYMBOL_COMMANDS[name] };
    if (GREEK.includes(name) || GREEK.includes(name.toLowerCase()))
      return { kind: "atom", text: `\\${name}` };
    if (/^(?:sin|cos|tan|cot|sec|csc|ln|log|exp|det|dim|ker|deg|gcd|arg|sinh|cosh|tanh)$/.test(name))
      return { kind: "atom", text: `\\${name}` };
    if (name.length === 1) return /[{}$%&#_]/.test(name) ? null : { kind: "atom", text: name };
    return null; // an unknown command: left unsaid (its braces' content is said as it comes)
  }
}

function attachScript(base: Node, mark: string, arg: Node): Node {
  if (base.kind === "big") return mark === "_" ? { ...base, sub: arg } : { ...base, sup: arg };
  const script = base.kind === "script" ? base : { kind: "script" as const, base };
  return mark === "_" ? { ...script, sub: arg } : { ...script, sup: arg };
}

/** The characters of a node, without phrases (an operator name's letters). */
function plain(node: Node): string {
  switch (node.kind) {
    case "atom":
      return node.text;
    case "row":
      return node.items.map(plain).join("");
    case "group":
      return plain(node.body);
    default:
      return "";
  }
}

class Speaker {
  constructor(private readonly phrases: Phrases) {}

  say(node: Node): string {
    const p = this.phrases;
    switch (node.kind) {
      case "atom":
        return this.atom(node.text);
      case "symbol":
        return node.name === "pause" ? "," : (p.symbols[node.name] ?? ENGLISH_SYMBOLS[node.name] ?? "");
      case "row":
        return this.row(node.items);
      case "group":
        return this.say(node.body);
      case "frac":
        return p.frac(this.part(node.num), this.part(node.den));
      case "sqrt":
        return node.index ? p.root(this.say(node.index), this.say(node.body)) : p.sqrt(this.say(node.body));
      case "big":
        return p.big(node.op, node.sub ? this.say(node.sub) : "", node.sup ? this.say(node.sup) : "");
      case "script":
        return this.script(node);
    }
  }

  /** Items in order: a big operator's phrase ("the sum from i equals 1 to n of") comes before its body. */
  private row(items: Node[]): string {
    return items
      .map((item, i) => {
        const previous = items[i - 1];
        // a sign with nothing before it, or after an operator, is the number's sign ("负无穷", not "减无穷")
        if (item.kind === "symbol" && item.name === "minus" && (!previous || previous.kind === "symbol"))
          return this.phrases.symbols.negative ?? this.say(item);
        // "f of x": a function's letter or name before its bracketed argument
        // (the letters that name functions by convention: n(n+1) is a product)
        const applied = previous?.kind === "atom" && /^(?:[fghFGH]|\\[a-z]+)$/.test(previous.text);
        if (item.kind === "group" && item.bracketed && applied && this.phrases.of)
          return `${this.phrases.of} ${this.say(item.body)}`;
        return this.say(item);
      })
      .filter(Boolean)
      .join(" ");
  }

  private atom(text: string): string {
    const p = this.phrases;
    if (text.startsWith("\\")) {
      const name = text.slice(1);
      const greek = GREEK.includes(name) ? name : name.toLowerCase();
      if (GREEK.includes(greek)) {
        const word = p.greek?.[greek] ?? greek.replace(/^var/, "");
        return name[0] === name[0]!.toUpperCase() && p === ENGLISH ? `capital ${word}` : word;
      }
      return p.functions?.[name] ?? name;
    }
    return text;
  }

  /** A bracketed compound said as one quantity (a base of a power, a fraction's part); anything else as it is. */
  private part(node: Node): string {
    const compound = node.kind === "group" && node.body.kind === "row" && node.body.items.length > 1;
    if (!compound || !node.bracketed) return this.say(node);
    const inner = this.say(node.body);
    return this.phrases.quantity ? this.phrases.quantity(inner) : `${inner},`;
  }

  private script(node: { base: Node; sub?: Node; sup?: Node }): string {
    let said = this.part(node.base);
    if (node.sub) said = `${said} ${this.say(node.sub)}`;
    if (!node.sup) return said;
    const exponent = plain(node.sup).trim();
    if (exponent === "2") return this.phrases.squared(said);
    if (exponent === "3") return this.phrases.cubed(said);
    if (node.sup.kind === "symbol" && node.sup.name === "prime") return `${said} ${this.say(node.sup)}`;
    if (exponent === "T" || exponent === "\\top") return `${said} transpose`;
    return this.phrases.power(said, this.say(node.sup));
  }
}

/** Spaces a speech engine needs (Latin letters, numbers) and none between CJK words. */
function tidy(words: string, unspaced: boolean): string {
  let out = words
    .replace(/\s+/g, " ")
    .replace(/\s+,/g, ",")
    .replace(/,(?:\s*,)+/g, ",")
    .trim()
    .replace(/^,\s*|,$/g, "");
  if (unspaced) out = out.replace(/(?<=\P{ASCII})\s+(?=\P{ASCII})/gu, "");
  return out;
}

/** LaTeX (without its `$`) said in words of `language`. */
export function speakLatex(latex: string, language: OutputLanguage): string {
  const phrases = PHRASES[language] ?? ENGLISH;
  const tree = new Reader(latex.slice(0, 2000)).row();
  return tidy(new Speaker(phrases).say(tree), phrases.unspaced ?? false);
}

/** A text whose `$…$` and `$$…$$` formulas are said in words; the prose stays as written. */
export function speakFormulas(text: string, language: OutputLanguage): string {
  const spans = formulaSpans(text);
  if (spans.length === 0) return text;
  let out = "";
  let pos = 0;
  for (const span of spans) {
    out += `${text.slice(pos, span.start)}${speakLatex(span.latex, language)}`;
    pos = span.end;
  }
  return out + text.slice(pos);
}
