#!/usr/bin/env bash
# Installs the Debian packages the tests drive: chromium (end-to-end tests through playwright-core,
# which cannot download browsers here), poppler-utils (pdftotext/pdfinfo read print files back)
# and zbar-tools (zbarimg decodes printed QR codes). A no-op when they are present.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v zbarimg >/dev/null 2>&1 || need+=(zbar-tools)
[ ${#need[@]} -eq 0 ] && exit 0
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "Please install: ${need[*]} (apt-get install ${need[*]})" >&2; exit 1; }
  SUDO="sudo"
fi
echo "Installing ${need[*]} from Debian's packages …"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
