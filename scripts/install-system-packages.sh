#!/usr/bin/env bash
# Debian packages the tests and PDF export need: Chromium with Noto fonts (CJK; core for Thai, Cyrillic and
# the rest) for the browser journeys and note PDFs, poppler for the parse
# benchmark's baseline and for rasterising scanned pages (poppler-data: CJK fonts a PDF does not embed), Tesseract 5 with the language data of the 8 output
# languages (traditional Chinese too) for OCR of pages without a usable text layer.
# Optional converters (LibreOffice) come from scripts/install-optional.sh.
set -euo pipefail
packages=(chromium fonts-noto-cjk fonts-noto-core poppler-utils poppler-data
  tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim tesseract-ocr-chi-tra tesseract-ocr-jpn
  tesseract-ocr-kor tesseract-ocr-fra tesseract-ocr-deu tesseract-ocr-por tesseract-ocr-spa tesseract-ocr-rus)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages present: ${packages[*]}"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get -o DPkg::Lock::Timeout=600 update -q
$SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${missing[@]}"
