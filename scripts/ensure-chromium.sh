#!/usr/bin/env bash
# Installs Debian's Chromium and a Bengali font for the browser tests when they are missing.
# (Playwright's own browser download cannot work here: only Debian's packages are reachable.)
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'Noto Sans Bengali' || need+=(fonts-noto-core)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
chromium --version
