#!/bin/sh
# Optional Debian packages for BeanNote: LibreOffice (office → PDF previews; its Math module draws the
# equations of office documents in them), poppler-utils
# (pdftotext for the parse benchmark) and CJK fonts. Safe to run concurrently with other apt users.
set -eu
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
flock /tmp/apt.lock $SUDO apt-get update -qq
flock /tmp/apt.lock $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends \
  libreoffice-writer-nogui libreoffice-impress-nogui libreoffice-math-nogui poppler-utils fonts-noto-cjk
