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
# The integration suites (PGlite, then PostgreSQL) run in the background while the journeys run in the
# foreground: a journey mostly waits on its browser and server (about 0.7 of a core on average), so on
# a 2-core machine the two streams together take about as long as the journeys alone. Their output is
# kept in a log and printed when the journeys end.
# On PostgreSQL only what reaches the database: the converters' own tests (no database), the storage
# contract and the S3 tus store, and the per-format conversions (drawings, office/video, 3DM: the same
# conversion rows and queries as conversions.int.test.ts, which runs there) already ran on PGlite.
DB_AGNOSTIC=(
  'apps/server/src/converters/**'
  'apps/server/src/storage/storage-contract.int.test.ts'
  'apps/server/src/modules/uploads/tus-s3-store.int.test.ts'
  'apps/server/src/modules/conversions/drawings.int.test.ts'
  'apps/server/src/modules/conversions/office-video.int.test.ts'
  'apps/server/src/modules/conversions/rhino-models.int.test.ts'
)
INT_LOG="$(mktemp -t bimdrive-integration.XXXXXX)"
step "integration tests (PGlite, then PostgreSQL) in the background → $INT_LOG"
(
  set -e
  step "integration tests (PGlite)";     npx vitest run --project integration
  step "integration tests (PostgreSQL)"; TEST_DB=postgres npx vitest run --project integration "${DB_AGNOSTIC[@]/#/--exclude=}"
) >"$INT_LOG" 2>&1 &
INT_PID=$!
step "end-to-end journeys (Chromium)"
e2e=0; npm run test:e2e || e2e=$?
integration=0; wait "$INT_PID" || integration=$?
cat "$INT_LOG"
echo; echo "integration tests: exit $integration; end-to-end journeys: exit $e2e"
[ "$integration" -eq 0 ] && [ "$e2e" -eq 0 ] || exit 1
echo; echo "All tests passed."
