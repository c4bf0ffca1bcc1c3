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
  lmodern fonts-noto-cjk
