#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a downloaded browser build) and need CJK fonts
# so the zh-CN screens render. Idempotent: does nothing when both are present.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; then
  echo "chromium and CJK fonts already installed"; exit 0
fi
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium fonts-noto-cjk
