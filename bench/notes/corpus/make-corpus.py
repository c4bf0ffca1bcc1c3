#!/usr/bin/env python3
"""Writes the structure benchmark's TeX documents (a book chapter per language with a PDF outline, a table of
contents with dot leaders, running headers naming the chapter, page numbers and footnotes) and compiles them
with xelatex: `python3 make-corpus.py` (needs TeX Live locally; the PDFs are committed, CI needs no TeX)."""
import subprocess, pathlib

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


for lang, spec in LANGS.items():
    name = f"{lang}-book-outline"
    tex = TEMPLATE % dict(preamble=spec["preamble"], contents=spec["contents"], title=name, body=body(lang))
    (HERE / f"{name}.tex").write_text(tex, encoding="utf-8")
    for _ in range(2):  # twice: the contents and the outline need the first run's .aux
        subprocess.run(["xelatex", "-interaction=batchmode", f"{name}.tex"], cwd=HERE, check=False,
                       stdout=subprocess.DEVNULL)
    for ext in ("aux", "log", "out", "toc"):
        (HERE / f"{name}.{ext}").unlink(missing_ok=True)
