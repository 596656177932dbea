#!/usr/bin/env bash
# The scale-out test (e2e/scale-out) and `scripts/scale-out.sh` run three servers behind Debian's
# HAProxy, through Debian's PgBouncer in transaction mode. Only the programs are needed: each run
# writes its own configuration and starts its own processes, so the packages' own services stay off.
# Idempotent: does nothing when both are present.
set -euo pipefail
have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ]; }
if have haproxy && have pgbouncer; then
  exit 0
fi
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
# policy-rc.d exit 101: the packages' services are installed, not started.
policy=/usr/sbin/policy-rc.d
made_policy=""
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
  $SUDO chmod +x "$policy"
  made_policy=1
fi
trap '[ -z "$made_policy" ] || $SUDO rm -f "$policy"' EXIT
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq haproxy pgbouncer >/dev/null
echo "installed $(/usr/sbin/haproxy -v | head -1) and $(/usr/sbin/pgbouncer --version | head -1)"
