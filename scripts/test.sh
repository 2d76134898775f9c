#!/usr/bin/env bash
# Sets everything up (including Chromium) and runs every test: typecheck, lint, unit, integration on
# PGlite and on PostgreSQL (with Redis; scripts/services.sh starts both where missing), end-to-end journeys in headless Chromium.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
bash "$ROOT/scripts/setup.sh" --with-browser
cd "$ROOT"
step() { echo; echo "━━ $* ━━"; }
step "typecheck";                 npm run typecheck
step "lint";                      npm run lint
step "unit tests";                npx vitest run --project unit
# Issue 17 budgets (the web build is made by setup.sh): /login and /s ≤ 200 KB gzip, /myDocument ≤ 350 KB.
step "initial JavaScript size";   node bench/bundle-size.ts
# A real S3 store (Ceph RADOS Gateway, Debian packages) for the S3 storage driver's tests.
step "S3 store (Ceph RGW)"
set -a; eval "$(bash "$ROOT/scripts/ceph-s3.sh" start)"; set +a
trap 'bash "$ROOT/scripts/ceph-s3.sh" stop >/dev/null 2>&1 || true; bash "$ROOT/scripts/services.sh" stop || true' EXIT
# PostgreSQL and Redis (scale-out path): the machine's own, or private instances started on one that lacks them.
step "PostgreSQL and Redis";      bash "$ROOT/scripts/services.sh" start
step "integration tests (PGlite)"; npx vitest run --project integration
step "integration tests (PostgreSQL)"; TEST_DB=postgres npx vitest run --project integration
step "end-to-end journeys (Chromium)"; npm run test:e2e
echo; echo "All tests passed."
