#!/usr/bin/env bash
# Debian packages the tests need: Chromium and CJK fonts for the browser journeys, poppler for the parse
# benchmark's baseline. Optional converters (LibreOffice) come from scripts/install-optional.sh.
set -euo pipefail
packages=(chromium fonts-noto-cjk poppler-utils)
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
