#!/usr/bin/env bash
# Three servers behind HAProxy, through PgBouncer in transaction mode, on the local PostgreSQL: the
# deployment docs/operations.md describes, on one machine. Prints the address; Ctrl-C stops it all.
#   PORT (8080)       the balancer's port: the console is at http://127.0.0.1:$PORT/user/web/
#   SERVERS (3)       how many servers
#   DATABASE_URL      the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres, trust auth)
#   DATABASE (uc_scale) the database, kept between runs; FRESH=1 drops it first
# Needs the built server and console (pnpm build); installs Debian's haproxy and pgbouncer if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-scale-out.sh
if [ ! -f apps/server/dist/main.js ]; then
  echo "apps/server/dist/main.js is missing: run pnpm build first (the server and the console)" >&2
  exit 1
fi
cd e2e
exec node --import tsx support/scale-out-main.ts
