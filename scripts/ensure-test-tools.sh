#!/usr/bin/env bash
# The command-line tools the server tests use: pdftotext (Debian poppler-utils) reads the invoice and receipt
# PDFs, jq runs in the API token example script (docs/scripts), Debian's AWS CLI is the second S3 client the
# embedded storage endpoint is checked with. Installs what is missing when it can; otherwise stops with a
# message that says what to do.
set -euo pipefail
missing=()
command -v pdftotext >/dev/null || missing+=(poppler-utils)
command -v jq >/dev/null || missing+=(jq)
[ -x /usr/bin/aws ] || missing+=(awscli)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing ${missing[*]} with apt-get..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  echo "Installing ${missing[*]} with sudo apt-get..."
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "${missing[*]} missing and cannot be installed from here." >&2
  echo "Install them (Debian/Ubuntu: sudo apt-get install ${missing[*]}) and run npm test again." >&2
  exit 1
fi
command -v pdftotext >/dev/null && command -v jq >/dev/null && [ -x /usr/bin/aws ] || { echo "${missing[*]} did not install." >&2; exit 1; }
