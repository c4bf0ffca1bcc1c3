#!/usr/bin/env python3
"""Writes the structure benchmark's TeX documents and compiles them with xelatex: `python3 make-corpus.py [name ...]`
(needs TeX Live locally; the PDFs are committed, CI needs no TeX).

- `{en,fr,ru,zh}-book-outline`: a book chapter per language with a PDF outline, a table of contents with dot leaders,
  running headers naming the chapter, page numbers and footnotes (the set the heading code was tuned on).
- Held out, measured before any heading code was tuned on them: `zh-report-parts` (a Chinese report: parts, chapters
  and sections, a title page, contents, running headers) and `en-article-twocolumn` (a two-column article: a title
  block, abstract, sections and subsections, footnotes); `ru-handbook-sideheads` (a Russian handbook whose section and
  subsection headings are set in bold in the left margin, beside the first line of their text, as titlesec's
  `leftmargin` shape does: made for the side-column heading work and measured before it)."""
import subprocess, pathlib, sys

HERE = pathlib.Path(__file__).parent

LANGS = {
    "en": dict(
        preamble=r"\usepackage{fontspec}\setmainfont{DejaVu Serif}",
        contents="Contents",
        chapters=[
            ("Linear Algebra Review", ["Vectors and Norms", "Matrices and Rank", "Eigenvalues"]),
            ("Convex Sets", ["Affine and Convex Sets", "Cones", "Separating Hyperplanes"]),
            ("Convex Functions", ["Definitions", "Operations that Preserve Convexity", "Conjugate Functions"]),
            ("Duality", ["The Lagrange Dual Function", "Strong Duality", "Optimality Conditions"]),
        ],
        sentences=[
            "A set is convex when the segment between any two of its points lies inside it.",
            "The norm of a vector measures its length and satisfies the triangle inequality.",
            "Every local minimum of a convex function over a convex set is a global minimum.",
            "The rank of a matrix is the dimension of the space spanned by its columns.",
            "Strong duality holds for most convex problems that satisfy Slater's condition.",
            "The conjugate of a function is always convex, even when the function is not.",
            "An eigenvector keeps its direction when the matrix is applied to it.",
            "A hyperplane separates two disjoint convex sets when one lies on each side.",
        ],
        footnote="This result is proved in the exercises at the end of the chapter.",
    ),
    "fr": dict(
        preamble=r"\usepackage{fontspec}\setmainfont{DejaVu Serif}\usepackage[french]{babel}",
        contents="Table des matières",
        chapters=[
            ("Les petites et moyennes entreprises", ["Définition des PME", "Le poids économique", "Les financements"]),
            ("Le système d'information", ["Les progiciels de gestion", "La sécurité des données", "L'informatique en nuage"]),
            ("La gestion des ressources humaines", ["Le recrutement", "La formation continue", "La paie"]),
        ],
        sentences=[
            "Une PME emploie moins de deux cent cinquante salariés et réalise un chiffre d'affaires limité.",
            "Le progiciel de gestion intégré rassemble les données de tous les services de l'entreprise.",
            "La sécurité des données repose sur des sauvegardes régulières et un contrôle des accès.",
            "Le recrutement commence par une analyse précise du poste à pourvoir.",
            "La formation continue permet aux salariés d'adapter leurs compétences aux nouveaux outils.",
            "Les banques restent la première source de financement des petites entreprises.",
            "L'informatique en nuage réduit les coûts d'équipement mais crée une dépendance au fournisseur.",
        ],
        footnote="Selon la définition de la Commission européenne de 2003.",
    ),
    "ru": dict(
        preamble=r"\usepackage{fontspec}\setmainfont{DejaVu Serif}\usepackage{polyglossia}\setdefaultlanguage{russian}",
        contents="Содержание",
        chapters=[
            ("Информационные системы", ["Понятие информационной системы", "Классификация систем", "Жизненный цикл"]),
            ("Базы данных", ["Реляционная модель", "Нормализация", "Язык запросов SQL"]),
            ("Проектирование систем", ["Анализ требований", "Моделирование процессов", "Тестирование"]),
        ],
        sentences=[
            "Информационная система собирает, хранит и обрабатывает данные для принятия решений.",
            "Реляционная модель представляет данные в виде таблиц, связанных ключами.",
            "Нормализация устраняет избыточность данных и аномалии при их изменении.",
            "Жизненный цикл системы начинается с анализа требований и заканчивается её выводом из эксплуатации.",
            "Язык запросов SQL позволяет выбирать, добавлять и изменять записи в таблицах.",
            "Тестирование проверяет, что система выполняет все функции, указанные в требованиях.",
            "Моделирование процессов помогает увидеть, как информация движется между подразделениями.",
        ],
        footnote="Подробнее об этом см. в приложении к курсу.",
    ),
    "zh": dict(
        preamble=r"\usepackage{xeCJK}\setCJKmainfont{Noto Serif CJK SC}\usepackage{fontspec}\setmainfont{DejaVu Serif}",
        contents="目录",
        chapters=[
            ("重积分", ["二重积分的概念", "二重积分的计算", "三重积分"]),
            ("曲线积分与曲面积分", ["第一类曲线积分", "格林公式", "高斯公式"]),
            ("傅里叶级数", ["三角级数", "函数展开成傅里叶级数", "正弦级数和余弦级数"]),
        ],
        sentences=[
            "二重积分是定积分在平面区域上的推广，它的几何意义是曲顶柱体的体积。",
            "计算二重积分通常把它化为两次定积分，也就是累次积分。",
            "格林公式把平面区域上的二重积分与其边界曲线上的曲线积分联系起来。",
            "高斯公式建立了空间区域上的三重积分与其边界曲面上的曲面积分之间的关系。",
            "傅里叶级数把周期函数展开成正弦函数和余弦函数的无穷级数。",
            "满足狄利克雷条件的函数，其傅里叶级数在连续点收敛于函数值。",
            "奇函数的傅里叶级数只含正弦项，称为正弦级数。",
        ],
        footnote="证明见本章末的习题。",
    ),
}

TEMPLATE = r"""\documentclass[11pt]{book}
%(preamble)s
\usepackage[a5paper,margin=18mm]{geometry}
\usepackage{fancyhdr}
\usepackage[bookmarks=true,bookmarksnumbered=true]{hyperref}
\pagestyle{fancy}
\fancyhf{}
\fancyhead[LE,RO]{\thepage}
\fancyhead[RE,LO]{\leftmark}
\renewcommand{\contentsname}{%(contents)s}
\title{%(title)s}
\begin{document}
\tableofcontents
%(body)s
\end{document}
"""


def body(lang):
    spec = LANGS[lang]
    out, k = [], 0
    for ci, (chapter, sections) in enumerate(spec["chapters"]):
        out.append("\\chapter{%s}" % chapter)
        for si, section in enumerate(sections):
            out.append("\\section{%s}" % section)
            for p in range(4):
                sents = [spec["sentences"][(k + j) % len(spec["sentences"])] for j in range(4)]
                k += 3
                if p == 1 and si == 0:
                    sents[1] = sents[1] + "\\footnote{%s}" % spec["footnote"]
                out.append(" ".join(sents) + "\n")
    return "\n".join(out)



REPORT_TEMPLATE = r"""\documentclass[zihao=-4,fontset=none]{ctexrep}
\setCJKmainfont{Noto Serif CJK SC}\setCJKsansfont{Noto Sans CJK SC}\setmainfont{DejaVu Serif}
\usepackage[a4paper,margin=25mm]{geometry}
\usepackage{fancyhdr}
\usepackage[bookmarks=true,bookmarksnumbered=true]{hyperref}
\pagestyle{fancy}
\fancyhf{}
\fancyhead[R]{\leftmark}
\fancyfoot[C]{\thepage}
\title{机器学习导论讲义}
\author{课程组}
\date{2024年秋季学期}
\begin{document}
\maketitle
\tableofcontents
%(body)s
\end{document}
"""

# parts → chapters → sections; each section gets paragraphs drawn from its chapter's sentences
REPORT = [
    ("监督学习", [
        ("线性回归", ["最小二乘法", "正则化方法", "模型评估"], [
            "线性回归假设输出是输入特征的线性组合，再加上一个随机误差项。",
            "最小二乘法选择使残差平方和最小的参数，它有闭式解。",
            "当特征之间高度相关时，正规方程的矩阵接近奇异，估计会变得不稳定。",
            "岭回归在目标函数中加入参数的平方和，从而缩小系数并降低方差。",
            "套索回归使用绝对值惩罚，它会把一部分系数压缩为零，起到特征选择的作用。",
            "交叉验证把数据分成若干份，轮流用其中一份检验模型，其余用于训练。",
            "均方误差和决定系数是评价回归模型最常用的两个指标。",
        ]),
        ("分类方法", ["逻辑回归", "支持向量机", "决策树"], [
            "逻辑回归用对数几率把线性函数的输出映射为零到一之间的概率。",
            "逻辑回归的参数通常用极大似然估计，并用梯度下降求解。",
            "支持向量机寻找间隔最大的分离超平面，只有支持向量决定最终的边界。",
            "核函数把样本隐式地映射到高维空间，使线性不可分的数据变得可分。",
            "决策树按信息增益或基尼指数逐层划分特征空间。",
            "剪枝可以减少决策树的过拟合，使模型在新样本上表现更稳定。",
            "混淆矩阵记录了每一类样本被正确和错误分类的数量。",
        ]),
    ]),
    ("无监督学习", [
        ("聚类分析", ["K均值算法", "层次聚类", "密度聚类"], [
            "K均值算法交替地把样本分配给最近的中心，并重新计算每个簇的中心。",
            "K均值的结果依赖于初始中心的选择，因此常常多次运行取最好的结果。",
            "层次聚类不需要事先给定簇的数目，它的结果可以画成一棵树状图。",
            "凝聚式层次聚类从每个样本自成一簇开始，不断合并距离最近的两个簇。",
            "密度聚类把高密度区域连成簇，并能识别出噪声点。",
            "轮廓系数同时考虑簇内的紧密程度和簇间的分离程度。",
        ]),
        ("降维方法", ["主成分分析", "流形学习", "特征选择"], [
            "主成分分析寻找方差最大的正交方向，并把数据投影到这些方向上。",
            "主成分可以通过协方差矩阵的特征分解或数据矩阵的奇异值分解得到。",
            "流形学习假设高维数据位于一个低维的弯曲曲面上。",
            "等距映射保持样本之间的测地距离，局部线性嵌入保持邻域内的线性关系。",
            "特征选择直接保留原始特征的一个子集，因此结果更容易解释。",
            "过滤式方法先按统计量给特征打分，再选出得分最高的特征。",
        ]),
    ]),
    ("深度学习", [
        ("神经网络基础", ["感知机", "反向传播算法", "激活函数"], [
            "感知机是最简单的神经元模型，它对输入加权求和后再经过阶跃函数。",
            "单层感知机只能表示线性可分的函数，无法解决异或问题。",
            "反向传播算法利用链式法则，从输出层向输入层逐层计算梯度。",
            "学习率决定每一步参数更新的大小，过大会振荡，过小则收敛很慢。",
            "修正线性单元在正半轴上梯度恒为一，缓解了梯度消失的问题。",
            "批量归一化把每一层的输入调整到相近的分布，使训练更加稳定。",
        ]),
        ("卷积神经网络", ["卷积层", "池化层", "经典网络结构"], [
            "卷积层用同一个卷积核在整幅图像上滑动，参数共享大大减少了参数数量。",
            "卷积核的大小、步长和填充方式共同决定了输出特征图的尺寸。",
            "池化层对局部区域取最大值或平均值，使特征对小的平移保持不变。",
            "残差连接让网络学习输入与输出之间的差，使很深的网络也能训练。",
            "数据增强通过旋转、裁剪和翻转图像来扩充训练集。",
            "迁移学习把在大数据集上训练好的网络用作新任务的起点。",
        ]),
    ]),
]
REPORT_FOOTNOTE = "这一结论的证明可以在本章的习题中找到。"


def report_body():
    out, k = [], 0
    for part, chapters in REPORT:
        out.append("\\part{%s}" % part)
        for chapter, sections, sentences in chapters:
            out.append("\\chapter{%s}" % chapter)
            out.append("".join(sentences[:3]) + "\n")
            for si, section in enumerate(sections):
                out.append("\\section{%s}" % section)
                for p in range(3):
                    sents = [sentences[(k + j) % len(sentences)] for j in range(4)]
                    k += 2
                    if p == 1 and si == 0:
                        sents[1] = sents[1] + "\\footnote{%s}" % REPORT_FOOTNOTE
                    out.append("".join(sents) + "\n")
    return "\n".join(out)


ARTICLE_TEMPLATE = r"""\documentclass[10pt,twocolumn]{article}
\usepackage{fontspec}\setmainfont{DejaVu Serif}
\usepackage[letterpaper,margin=19mm]{geometry}
\usepackage{fancyhdr}
\usepackage[bookmarks=true,bookmarksnumbered=true]{hyperref}
\pagestyle{fancy}
\fancyhf{}
\fancyhead[L]{Sparse Attention for Long Documents}
\fancyhead[R]{\thepage}
\title{Sparse Attention for Long Document Classification}
\author{A. Author and B. Author\\ Department of Computer Science}
\date{}
\begin{document}
\maketitle
\begin{abstract}
%(abstract)s
\end{abstract}
%(body)s
\end{document}
"""

ARTICLE_ABSTRACT = (
    "Transformers read long documents slowly because full attention grows with the square of the input length. "
    "We study sparse attention patterns that keep a fixed number of links per token and show that a mix of local "
    "windows and a few global tokens matches full attention on four classification benchmarks while using a "
    "fraction of the memory."
)

ARTICLE = [
    ("Introduction", [], [
        "Many documents that people want to classify are far longer than the inputs a transformer was trained on.",
        "Legal contracts, patents and scientific papers often run to tens of thousands of tokens.",
        "Truncating such a document throws away most of the evidence a classifier could use.",
        "Full self-attention compares every token with every other token, so its cost is quadratic in length.",
        "This paper asks how much of that attention a classifier actually needs.",
        "We answer the question with a controlled comparison of sparse patterns on the same model and data.",
    ]),
    ("Related Work", ["Efficient Transformers", "Hierarchical Models"], [
        "Efficient transformers reduce the cost of attention with sparsity, low-rank projections or kernels.",
        "Sliding window attention lets each token attend only to its neighbours within a fixed distance.",
        "Global tokens attend to the whole sequence and carry information between distant windows.",
        "Hierarchical models first encode short chunks and then combine the chunk vectors with a second encoder.",
        "Recurrent memory approaches pass a summary of earlier segments to the next one.",
        "Few of these studies compare the patterns under the same training budget.",
    ]),
    ("Method", ["Attention Patterns", "Training Objective", "Complexity"], [
        "Our model starts from a pretrained encoder and replaces its attention with a sparse pattern.",
        "A local window of width w links each token to the w tokens around it.",
        "A small set of global tokens, such as the class token and sentence starts, attends to every position.",
        "Random links add a few long-range connections chosen once per layer.",
        "The classifier is trained with cross-entropy on the class token's final representation.",
        "With a window of fixed width and a constant number of global tokens, memory grows linearly with length.",
    ]),
    ("Experiments", ["Datasets", "Baselines", "Results"], [
        "We evaluate on four datasets of long documents: patents, court opinions, arXiv papers and news articles.",
        "The median document length ranges from three thousand to twelve thousand tokens.",
        "Baselines are a truncated encoder, a hierarchical encoder and full attention where it fits in memory.",
        "All models are trained for the same number of steps with the same learning rate schedule.",
        "Local windows with global tokens reach the accuracy of full attention on three of the four datasets.",
        "Random links add little once global tokens are present.",
    ]),
    ("Analysis", ["Window Width", "Error Analysis"], [
        "Widening the window beyond two hundred and fifty six tokens brings no further gain.",
        "Most errors occur on documents whose label depends on a single short passage.",
        "Attention maps show that global tokens gather evidence from section headings.",
        "Truncation fails most often when the decisive passage lies near the end of the document.",
        "The hierarchical encoder struggles when evidence is spread over several chunks.",
    ]),
    ("Conclusion", [], [
        "Sparse attention with local windows and global tokens is a strong default for long document classification.",
        "It keeps the accuracy of full attention at a fraction of its memory cost.",
        "Future work should test the patterns on generation tasks, where every token must see the context.",
    ]),
]
ARTICLE_FOOTNOTE = "The code and the data splits are released with the paper."


def article_body():
    out, k = [], 0
    for si, (section, subsections, sentences) in enumerate(ARTICLE):
        out.append("\\section{%s}" % section)
        for part in [None, *subsections]:
            if part:
                out.append("\\subsection{%s}" % part)
            for p in range(2 if part is None and subsections else 3):
                sents = [sentences[(k + j) % len(sentences)] for j in range(4)]
                k += 3
                if si == 0 and p == 1:
                    sents[1] = sents[1] + "\\footnote{%s}" % ARTICLE_FOOTNOTE
                out.append(" ".join(sents) + "\n")
    return "\n".join(out)


SIDEHEADS_TEMPLATE = r"""\documentclass[11pt]{article}
\usepackage{fontspec}\setmainfont{DejaVu Serif}\usepackage{polyglossia}\setdefaultlanguage{russian}
\usepackage[a4paper,left=20mm,right=20mm,top=25mm,bottom=25mm]{geometry}
\usepackage{titlesec}
\titleformat{\section}[leftmargin]{\normalfont\bfseries\filright}{\thesection}{.5em}{}
\titlespacing{\section}{42mm}{3ex plus .5ex}{4mm}
\titleformat{\subsection}[leftmargin]{\normalfont\bfseries\filright}{\thesubsection}{.5em}{}
\titlespacing{\subsection}{42mm}{2ex plus .5ex}{4mm}
\usepackage{changepage}
\usepackage{fancyhdr}
\usepackage[bookmarks=true,bookmarksnumbered=true]{hyperref}
\pagestyle{fancy}
\fancyhf{}
\fancyhead[L]{Справочник по информационной безопасности}
\fancyhead[R]{\thepage}
\begin{document}
\begin{adjustwidth}{46mm}{0mm}
{\LARGE\bfseries Справочник по информационной безопасности\par}
\vspace{6mm}
%(body)s
\end{adjustwidth}
\end{document}
"""

SIDEHEADS = [
    ("Общие положения", ["Назначение справочника", "Область применения", "Термины и определения"], [
        "Справочник описывает правила обращения с информацией в организации.",
        "Правила обязательны для всех сотрудников, подрядчиков и стажёров.",
        "Информационная безопасность обеспечивает конфиденциальность, целостность и доступность данных.",
        "Конфиденциальность означает, что данные доступны только тем, кому они нужны для работы.",
        "Целостность означает, что данные не были изменены без разрешения.",
        "Доступность означает, что данные можно получить тогда, когда они нужны.",
    ]),
    ("Управление доступом", ["Учётные записи", "Пароли", "Права администратора"], [
        "Каждый сотрудник получает личную учётную запись, которую нельзя передавать другим.",
        "Пароль должен содержать не менее двенадцати символов и не совпадать с прежними.",
        "Двухфакторная проверка обязательна для доступа к почте и к финансовым системам.",
        "Права администратора выдаются на ограниченный срок и только по заявке руководителя.",
        "Учётная запись уволенного сотрудника блокируется в день увольнения.",
        "Журнал входов хранится не менее одного года и проверяется ежемесячно.",
    ]),
    ("Защита данных", ["Классификация информации", "Резервное копирование", "Шифрование"], [
        "Вся информация делится на открытую, внутреннюю и конфиденциальную.",
        "Конфиденциальные документы помечаются грифом и хранятся в защищённых папках.",
        "Резервные копии создаются каждую ночь и хранятся в другом здании.",
        "Восстановление из резервной копии проверяется не реже одного раза в квартал.",
        "Ноутбуки и съёмные носители шифруются целиком.",
        "Ключи шифрования хранятся отдельно от зашифрованных данных.",
    ]),
    ("Реагирование на инциденты", ["Сообщение об инциденте", "Расследование"], [
        "О подозрительном письме или утере устройства сотрудник сообщает в службу поддержки немедленно.",
        "Служба поддержки регистрирует инцидент и оценивает его серьёзность.",
        "Серьёзный инцидент расследует группа реагирования в течение суток.",
        "По итогам расследования составляется отчёт с причинами и мерами по их устранению.",
        "Уроки инцидентов включаются в ежегодное обучение сотрудников.",
    ]),
]


def sideheads_body():
    out = []
    for section, subsections, sentences in SIDEHEADS:
        out.append("\\section{%s}" % section)
        out.append(" ".join(sentences[:3]) + "\n")
        k = 1
        for sub in subsections:
            out.append("\\subsection{%s}" % sub)
            for p in range(2):
                sents = [sentences[(k + j) % len(sentences)] for j in range(3)]
                k += 2
                out.append(" ".join(sents) + "\n")
    return "\n".join(out)


def compile_tex(name, tex):
    (HERE / f"{name}.tex").write_text(tex, encoding="utf-8")
    for _ in range(2):  # twice: the contents and the outline need the first run's .aux
        subprocess.run(["xelatex", "-interaction=batchmode", f"{name}.tex"], cwd=HERE, check=False,
                       stdout=subprocess.DEVNULL)
    for ext in ("aux", "log", "out", "toc"):
        (HERE / f"{name}.{ext}").unlink(missing_ok=True)


DOCUMENTS = {
    f"{lang}-book-outline": (lambda lang=lang, spec=spec: TEMPLATE % dict(
        preamble=spec["preamble"], contents=spec["contents"], title=f"{lang}-book-outline", body=body(lang)))
    for lang, spec in LANGS.items()
}
DOCUMENTS["zh-report-parts"] = lambda: REPORT_TEMPLATE % dict(body=report_body())
DOCUMENTS["en-article-twocolumn"] = lambda: ARTICLE_TEMPLATE % dict(abstract=ARTICLE_ABSTRACT, body=article_body())
DOCUMENTS["ru-handbook-sideheads"] = lambda: SIDEHEADS_TEMPLATE % dict(body=sideheads_body())

for name in sys.argv[1:] or DOCUMENTS:
    compile_tex(name, DOCUMENTS[name]())
