#!/usr/bin/env bash
# Browser tests run in Debian's Chromium (never a downloaded browser). Install it when it is
# missing and we can; otherwise stop with a message that says what to do.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
packages="chromium fonts-liberation fonts-dejavu-core"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium with apt-get..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  echo "Installing Chromium with sudo apt-get..."
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
else
  echo "Chromium is missing at /usr/bin/chromium and cannot be installed from here." >&2
  echo "Install it (Debian/Ubuntu: sudo apt-get install $packages) and run npm test again." >&2
  exit 1
fi
[ -x /usr/bin/chromium ] || { echo "Chromium did not install at /usr/bin/chromium." >&2; exit 1; }
