#!/usr/bin/env bash
# TeX Live for building the formula ground-truth corpus (fixtures/math/) only.
# Neither the app nor CI's tests need it: the compiled PDFs are committed.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends \
  texlive-latex-base texlive-latex-recommended texlive-latex-extra \
  texlive-fonts-recommended texlive-xetex texlive-lang-chinese texlive-lang-cyrillic \
  lmodern fonts-noto-cjk cm-super
# cm-super: Type 1 fonts for T1/T2A text (Cyrillic); without it pdfTeX embeds Type 3 bitmaps with no Unicode
# map, and such a PDF has no text layer to read (fixtures/math/ru-calculus-t2a.pdf).
