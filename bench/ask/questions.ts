/**
 * The labelled question set of bench:ask: each question with the page its answer stands on (`page: null`: the
 * document does not answer it). Documents: real fixtures (../shared/fixtures/documents) and the course outlines
 * written for the quiz benchmark (bench/quiz/corpus.ts, one section a page). Written by reading the documents,
 * before measuring; not changed to fit the answers.
 */
export interface LabelledQuestion {
  doc: string;
  question: string;
  page: number | null;
}

const q = (doc: string, page: number | null, question: string): LabelledQuestion => ({ doc, question, page });

const DPR = "en-paper-dense-passage-retrieval.pdf";
const RU_DOC = "ru-course-syllabus-information-systems.doc";
const TOPOLOGY = "zh-study-notes-point-set-topology.docx";
const IRS = "en-large-irs-manual-400p.pdf";
const CELLS = "built-en-cell-biology";
const OS = "built-zh-operating-systems";
const THERMO = "built-ru-thermodynamics";
const ECON = "built-ja-economics";
const REVOLUTION = "built-fr-revolution";

export const QUESTIONS: LabelledQuestion[] = [
  // English: a paper
  q(DPR, 3, "How is the similarity between the question and the passage defined?"),
  q(DPR, 3, "What is FAISS?"),
  q(DPR, 3, "How many BERT networks are used for the encoders?"),
  q(DPR, 5, "What batch size was used to train the DPR model?"),
  q(DPR, 6, "How many training examples does a dense passage retriever need to outperform BM25?"),
  q(DPR, 4, "Which Wikipedia dump is used as the source documents?"),
  q(DPR, 7, "How long does building the FAISS index on 21 million vectors take?"),
  q(DPR, 2, "What is the goal of the dense passage retriever?"),
  q(DPR, 5, "Why is the performance lower on SQuAD?"),
  q(DPR, 8, "How much memory does the GPU have that fits all passages into one batch?"),
  q(DPR, null, "What is the boiling point of mercury?"),
  q(DPR, null, "Who founded the Roman Empire?"),
  // English: a 400-page manual
  q(IRS, 7, "Where is the Business Master File located?"),
  q(IRS, 9, "What is the weekly cut-off time for BMFOLB requests?"),
  q(IRS, 9, "Which definer code is used to restore RRR tax modules?"),
  q(IRS, null, "What is the recipe for chocolate cake?"),
  q(IRS, null, "Which planet is the largest in the solar system?"),
  // English: a course outline
  q(CELLS, 1, "What is the cell membrane?"),
  q(CELLS, 1, "How many sodium ions does the sodium-potassium pump export per ATP molecule?"),
  q(CELLS, 2, "What are mitochondria?"),
  q(CELLS, 2, "How many ATP molecules does aerobic respiration yield per molecule of glucose?"),
  q(CELLS, 3, "What are the four stages of mitosis?"),
  q(CELLS, 3, "How many chromosomes does a human gamete hold?"),
  q(CELLS, 4, "What is a codon?"),
  q(CELLS, 2, "Where does glycolysis take place?"),
  q(CELLS, null, "What is the speed of light in a vacuum?"),
  q(CELLS, null, "Who wrote Hamlet?"),
  // Chinese
  q(OS, 1, "什么是进程？"),
  q(OS, 1, "进程的三种基本状态是什么？"),
  q(OS, 2, "时间片通常是多长？"),
  q(OS, 2, "什么是多级反馈队列调度算法？"),
  q(OS, 3, "产生死锁的四个必要条件是什么？"),
  q(OS, 3, "银行家算法是谁提出的？"),
  q(OS, 4, "常见的页面大小是多少？"),
  q(OS, 4, "什么是快表？"),
  q(OS, 5, "位示图是什么？"),
  q(OS, 5, "链接分配方式会产生外部碎片吗？"),
  q(OS, null, "光合作用的产物是什么？"),
  q(OS, null, "中国的首都是哪座城市？"),
  q(OS, null, "唐朝是哪一年建立的？"),
  q(TOPOLOGY, 9, "T2公理可以推出什么公理？"),
  q(TOPOLOGY, 5, "A的闭包是什么？"),
  q(TOPOLOGY, null, "什么是傅里叶级数？"),
  // Russian
  q(THERMO, 1, "Что такое термодинамическая система?"),
  q(THERMO, 1, "Чему равен абсолютный нуль температуры?"),
  q(THERMO, 2, "Что происходит при изохорном процессе?"),
  q(THERMO, 3, "Что утверждает второе начало термодинамики?"),
  q(THERMO, 4, "Из чего состоит цикл Карно?"),
  q(THERMO, 4, "Чему равен КПД цикла Карно при температуре нагревателя 500 К и холодильника 300 К?"),
  q(THERMO, 5, "Чему равна удельная теплота плавления льда?"),
  q(THERMO, 5, "При какой температуре кипит вода при нормальном атмосферном давлении?"),
  q(THERMO, 5, "Что такое тройная точка?"),
  q(THERMO, null, "Кто написал роман «Война и мир»?"),
  q(THERMO, null, "Какова столица Австралии?"),
  q(RU_DOC, 2, "За сколько месяцев до защиты допускается замена темы проекта?"),
  q(RU_DOC, 5, "Каков рекомендуемый объем работы?"),
  q(RU_DOC, 6, "Кто не может выступать в качестве рецензента?"),
  q(RU_DOC, 7, "Сколько минут дается слушателю на изложение основных положений проекта?"),
  q(RU_DOC, 8, "Через сколько месяцев может проводиться повторная защита?"),
  q(RU_DOC, 3, "Из каких частей должен состоять проект?"),
  q(RU_DOC, 7, "Когда заседание ГАК считается правомочным?"),
  q(RU_DOC, 5, "Каким должен быть объем аннотации?"),
  q(RU_DOC, null, "Какая температура плавления железа?"),
  q(RU_DOC, null, "Сколько спутников у Юпитера?"),
  // Japanese and French
  q(ECON, 1, "均衡価格とは何ですか？"),
  q(ECON, 3, "日本の名目GDPは2023年にいくらでしたか？"),
  q(ECON, 5, "限界消費性向が0.8のとき、政府支出乗数はいくつですか？"),
  q(ECON, null, "光合成とは何ですか？"),
  q(REVOLUTION, 2, "Quand a eu lieu la prise de la Bastille ?"),
  q(REVOLUTION, 3, "En combien de départements la France est-elle divisée en 1790 ?"),
  q(REVOLUTION, 5, "Qu'est-ce que le Directoire ?"),
  q(REVOLUTION, null, "Quelle est la formule chimique de l'eau ?"),
];
