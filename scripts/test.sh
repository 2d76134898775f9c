#!/usr/bin/env bash
# Sets everything up (including Chromium) and runs every test: typecheck, lint, unit, integration on
# PGlite and on the local PostgreSQL server, end-to-end journeys in headless Chromium.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
bash "$ROOT/scripts/setup.sh" --with-browser
cd "$ROOT"
step() { echo; echo "━━ $* ━━"; }
step "typecheck";                 npm run typecheck
step "lint";                      npm run lint
step "unit tests";                npx vitest run --project unit
# A real S3 store (Ceph RADOS Gateway, Debian packages) for the S3 storage driver's tests.
step "S3 store (Ceph RGW)"
set -a; eval "$(bash "$ROOT/scripts/ceph-s3.sh" start)"; set +a
trap 'bash "$ROOT/scripts/ceph-s3.sh" stop >/dev/null 2>&1 || true' EXIT
step "integration tests (PGlite)"; npx vitest run --project integration
if pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1 || node -e "require('net').connect(5432,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))"; then
  step "integration tests (PostgreSQL)"; TEST_DB=postgres npx vitest run --project integration
else
  echo "PostgreSQL is not reachable at 127.0.0.1:5432; the PostgreSQL integration run is required." >&2; exit 1
fi
step "end-to-end journeys (Chromium)"; npm run test:e2e
echo; echo "All tests passed."
