/**
 * Course documents built for the quiz measurements, in languages the fixtures lack: each a DOCX with headings,
 * paragraphs (a few terms in bold, as authors mark them), numbers with units, lists and a definition or two.
 * Written for this benchmark; no fixture's wording is tuned to.
 */
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import type { OutputLanguage } from "@beannote/contract";

/** `**x**` marks a bold run; a line opening with "- " is a list item; "# " a heading, "## " a subheading. */
type Outline = string;

const EN: Outline = `# Cell Biology
## The cell membrane
The **cell membrane** is a phospholipid bilayer that separates the interior of the cell from its environment.
Integral proteins span the bilayer and act as channels or carriers for ions.
**Cholesterol** stabilises the membrane at body temperature and keeps it fluid at low temperature.
Passive transport moves molecules down their concentration gradient without using ATP.
**Active transport** uses ATP to move molecules against their concentration gradient.
The sodium-potassium pump exports 3 sodium ions and imports 2 potassium ions per ATP molecule.
## Mitochondria
**Mitochondria** are the organelles in which cellular respiration produces most of the cell's ATP.
The inner membrane is folded into **cristae**, which increase the surface available for the electron transport chain.
Aerobic respiration yields about 30 to 32 ATP molecules per molecule of glucose.
**Glycolysis** takes place in the cytoplasm and splits glucose into two molecules of pyruvate.
The **Krebs cycle** runs in the mitochondrial matrix and releases carbon dioxide.
Mitochondria carry their own circular DNA, which is inherited from the mother.
## Cell division
**Mitosis** produces two daughter cells that are genetically identical to the parent cell.
The four stages of mitosis are:
- Prophase, in which the chromosomes condense.
- Metaphase, in which the chromosomes line up at the cell's equator.
- Anaphase, in which the sister chromatids move to opposite poles.
- Telophase, in which two new nuclei form.
**Meiosis** produces four haploid gametes and reduces the chromosome number by half.
Crossing over during prophase I exchanges segments between homologous chromosomes.
A human somatic cell holds 46 chromosomes, while a human gamete holds 23 chromosomes.
## Protein synthesis
**Transcription** copies a gene's DNA sequence into messenger RNA in the nucleus.
**Translation** takes place on the ribosome, which reads the messenger RNA three bases at a time.
Each group of three bases, called a **codon**, specifies one amino acid.
The genetic code has 64 codons, of which 3 are stop codons.
Transfer RNA carries amino acids to the ribosome and pairs its anticodon with the codon.
Because the code is redundant, a mutation in the third base often leaves the protein unchanged.
## Enzymes
**Enzymes** are proteins that speed up chemical reactions by lowering their activation energy.
The substrate binds to the enzyme's **active site**, which has a shape complementary to it.
Most human enzymes work best at about 37 °C and lose their shape above 45 °C.
A **competitive inhibitor** binds to the active site and blocks the substrate.
A **non-competitive inhibitor** binds elsewhere and changes the shape of the active site.
Pepsin works best at pH 2, whereas trypsin works best at pH 8.`;

const ZH: Outline = `# 操作系统原理
## 进程与线程
**进程**是程序在数据集合上的一次执行过程，是系统进行资源分配的基本单位。
**线程**是处理机调度的基本单位，同一进程中的线程共享该进程的地址空间。
进程控制块记录了进程的状态、优先级和程序计数器等信息。
进程的三种基本状态是就绪、运行和阻塞。
由于线程切换不需要更换地址空间，线程切换的开销比进程切换小得多。
## 处理机调度
**先来先服务**算法按照作业到达的先后次序进行调度，实现简单但对短作业不利。
**短作业优先**算法优先调度估计运行时间最短的作业，可以使平均等待时间最小。
**时间片轮转**算法把处理机时间分成长度相同的时间片，时间片通常为10到100毫秒。
如果时间片太长，时间片轮转算法就退化为先来先服务算法。
**多级反馈队列**调度算法设置多个优先级不同的就绪队列，优先级越高的队列时间片越短。
## 死锁
**死锁**是指多个进程因竞争资源而造成的一种互相等待的僵局。
产生死锁的四个必要条件是：
- 互斥条件，即资源一次只能被一个进程使用。
- 请求和保持条件，即进程在等待新资源时不释放已占有的资源。
- 不剥夺条件，即已分配的资源不能被强行剥夺。
- 循环等待条件，即存在一个进程资源的循环等待链。
**银行家算法**是一种避免死锁的著名算法，由迪杰斯特拉于1965年提出。
银行家算法通过安全性检查判断系统在分配资源后是否仍处于安全状态。
## 内存管理
**分页存储管理**将进程的逻辑地址空间分成大小相等的页，常见的页面大小为4KB。
**页表**记录了每个逻辑页对应的物理块号。
**快表**是一种高速缓存，用于存放最近访问过的页表项，可以减少访问内存的次数。
**分段存储管理**按照程序的逻辑结构划分段，每段的长度可以不同。
**虚拟存储器**利用局部性原理，只把作业的一部分装入内存就可以运行。
**最近最久未使用**置换算法淘汰最长时间没有被访问的页面。
## 文件系统
**文件控制块**存放了文件的名称、长度、物理位置和访问权限等属性。
**索引节点**把文件的描述信息与文件名分开，从而加快目录检索的速度。
连续分配方式要求为每个文件分配一组相邻的磁盘块，支持随机访问但容易产生外部碎片。
链接分配方式把文件的各个磁盘块用指针链接起来，不会产生外部碎片。
**位示图**用一个二进制位表示一个磁盘块的使用情况。`;

const JA: Outline = `# 経済学入門
## 需要と供給
**需要曲線**は、価格が下がると需要量が増えるため、右下がりの曲線になる。
**供給曲線**は、価格が上がると供給量が増えるため、右上がりの曲線になる。
需要曲線と供給曲線が交わる点を**均衡価格**という。
価格が均衡価格より高いと超過供給が生じ、価格は下がる。
**需要の価格弾力性**とは、価格が1%変化したときに需要量が何%変化するかを示す指標である。
## 市場の失敗
**外部性**とは、ある経済主体の活動が市場を通さずに他の経済主体に影響を与えることである。
公害は負の外部性の代表的な例であり、生産量が社会的に望ましい水準より多くなる。
**公共財**は非競合性と非排除性という二つの性質を持つ。
**情報の非対称性**があると、中古車市場のように質の悪い商品だけが残る逆選択が起こる。
政府は**ピグー税**を課すことで、負の外部性を是正することができる。
## 国内総生産
**国内総生産**とは、一定期間に国内で新たに生み出された付加価値の合計である。
名目GDPを**GDPデフレーター**で割ると実質GDPが求められる。
日本の名目GDPは2023年に約591兆円であった。
GDPは消費、投資、政府支出、純輸出の四つの項目に分けられる。
中間生産物の価値は二重計算を避けるため、GDPに含まれない。
## 金融政策
**中央銀行**は物価の安定を目的として金融政策を行う。
日本銀行は2013年に2%の物価安定目標を導入した。
**公開市場操作**とは、中央銀行が国債などを売買して市場の資金量を調整することである。
景気が悪いときには、中央銀行は**金融緩和**を行い、金利を引き下げる。
**流動性の罠**に陥ると、金利をゼロまで下げても投資が増えない。
## 財政政策
**財政政策**とは、政府が税や政府支出を通じて景気を調整する政策である。
**乗数効果**によって、政府支出の増加はその何倍もの国民所得の増加をもたらす。
限界消費性向が0.8のとき、政府支出乗数は5になる。
**累進課税**は所得が高い人ほど高い税率を課す制度であり、景気の自動安定化装置として働く。
国債の大量発行は将来世代の負担を増やすという批判がある。`;

const FR: Outline = `# Histoire de la Révolution française
## Les causes de la Révolution
À la fin du XVIIIe siècle, la société française est divisée en trois ordres : le clergé, la noblesse et le **tiers état**.
Le tiers état représente environ 98 % de la population mais supporte presque tous les impôts.
La **crise financière** de la monarchie s'aggrave après la participation de la France à la guerre d'indépendance américaine.
Les philosophes des **Lumières**, comme Voltaire et Rousseau, critiquent l'absolutisme et les privilèges.
Les mauvaises récoltes de 1788 font monter le prix du pain et provoquent des émeutes.
## Les états généraux
Louis XVI convoque les **états généraux** à Versailles en mai 1789 pour résoudre la crise financière.
Les députés du tiers état se proclament **Assemblée nationale** le 17 juin 1789.
Par le **serment du Jeu de paume**, les députés jurent de ne pas se séparer avant d'avoir donné une constitution à la France.
La prise de la **Bastille** le 14 juillet 1789 marque l'entrée du peuple parisien dans la Révolution.
## Les grandes réformes
Dans la nuit du 4 août 1789, l'Assemblée abolit les **privilèges** et les droits féodaux.
La **Déclaration des droits de l'homme et du citoyen** est adoptée le 26 août 1789.
Elle affirme que les hommes naissent et demeurent libres et égaux en droits.
La **Constitution civile du clergé** de 1790 fait des prêtres des fonctionnaires élus et payés par l'État.
La France est divisée en 83 **départements** en 1790.
## La République
La monarchie est abolie et la **Première République** est proclamée le 21 septembre 1792.
Louis XVI est jugé par la **Convention** et exécuté le 21 janvier 1793.
Le **Comité de salut public**, dominé par Robespierre, organise la Terreur à partir de 1793.
Pendant la **Terreur**, environ 17 000 personnes sont exécutées après un jugement.
La chute de Robespierre le 27 juillet 1794 met fin à la Terreur.
## Le Directoire et la fin de la Révolution
Le **Directoire** gouverne la France de 1795 à 1799 avec cinq directeurs.
Le régime est affaibli par la guerre, la corruption et les coups d'État.
Le général **Napoléon Bonaparte** prend le pouvoir par le coup d'État du 18 brumaire an VIII.
Le **Consulat** remplace le Directoire en novembre 1799.`;

const RU: Outline = `# Основы термодинамики
## Основные понятия
**Термодинамическая система** — это совокупность тел, которые обмениваются энергией друг с другом и с окружающей средой.
**Изолированная система** не обменивается с окружающей средой ни энергией, ни веществом.
**Температура** характеризует среднюю кинетическую энергию теплового движения молекул.
Абсолютный нуль температуры равен минус 273,15 градуса Цельсия.
**Внутренняя энергия** идеального газа зависит только от его температуры.
## Первое начало термодинамики
**Первое начало термодинамики** выражает закон сохранения энергии для тепловых процессов.
Количество теплоты, переданное системе, идёт на изменение её внутренней энергии и на совершение работы.
При **изотермическом процессе** температура газа остаётся постоянной.
При **адиабатном процессе** система не обменивается теплотой с окружающей средой.
При **изохорном процессе** объём газа не меняется, и газ не совершает работы.
## Второе начало термодинамики
**Второе начало термодинамики** утверждает, что теплота не может самопроизвольно переходить от холодного тела к горячему.
**Энтропия** изолированной системы не убывает.
**Вечный двигатель второго рода** невозможен, потому что нельзя полностью превратить теплоту в работу.
Коэффициент полезного действия реального теплового двигателя всегда меньше 100 процентов.
## Тепловые двигатели
**Тепловой двигатель** превращает часть теплоты, полученной от нагревателя, в механическую работу.
**Цикл Карно** состоит из двух изотерм и двух адиабат.
КПД цикла Карно зависит только от температур нагревателя и холодильника.
При температуре нагревателя 500 К и холодильника 300 К КПД цикла Карно равен 40 процентам.
**Холодильная машина** переносит теплоту от холодного тела к горячему за счёт работы внешних сил.
## Фазовые переходы
**Фазовый переход** — это переход вещества из одного агрегатного состояния в другое.
**Удельная теплота плавления** льда равна 334 килоджоулям на килограмм.
**Удельная теплота парообразования** воды равна 2260 килоджоулям на килограмм.
При нормальном атмосферном давлении вода кипит при 100 градусах Цельсия.
В **тройной точке** вещество одновременно находится в твёрдом, жидком и газообразном состояниях.`;

export const BUILT: { name: string; outputLanguage: OutputLanguage; outline: Outline }[] = [
  { name: "built-en-cell-biology.docx", outputLanguage: "en-US", outline: EN },
  { name: "built-zh-operating-systems.docx", outputLanguage: "zh-CN", outline: ZH },
  { name: "built-ja-economics.docx", outputLanguage: "ja-JP", outline: JA },
  { name: "built-fr-revolution.docx", outputLanguage: "fr-FR", outline: FR },
  { name: "built-ru-thermodynamics.docx", outputLanguage: "en-US", outline: RU },
];

function runs(line: string): TextRun[] {
  return line
    .split(/(\*\*[^*]+\*\*)/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith("**") ? new TextRun({ text: part.slice(2, -2), bold: true }) : new TextRun(part),
    );
}

/** The DOCX of an outline. */
export async function builtDocx(outline: Outline): Promise<Buffer> {
  const paragraphs = outline.split("\n").map((line) => {
    if (line.startsWith("## "))
      return new Paragraph({ text: line.slice(3), heading: HeadingLevel.HEADING_2 });
    if (line.startsWith("# ")) return new Paragraph({ text: line.slice(2), heading: HeadingLevel.HEADING_1 });
    if (line.startsWith("- ")) return new Paragraph({ children: runs(line.slice(2)), bullet: { level: 0 } });
    return new Paragraph({ children: runs(line) });
  });
  return Packer.toBuffer(new Document({ sections: [{ children: paragraphs }] }));
}
