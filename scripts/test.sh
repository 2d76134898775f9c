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
# On PostgreSQL only what reaches the database: the converters' own tests (no database), the storage
# contract and the S3 tus store, and the per-format conversions (drawings, office/video, 3DM: the same
# conversion rows and queries as conversions.int.test.ts, which runs there) already ran on PGlite.
# The suites run one after the other: run beside the journeys on 2 cores, both slowed down until
# time-outs sized for one (a worker's crash recovery, a conversion) failed.
DB_AGNOSTIC=(
  'apps/server/src/converters/**'
  'apps/server/src/storage/storage-contract.int.test.ts'
  'apps/server/src/modules/uploads/tus-s3-store.int.test.ts'
  'apps/server/src/modules/conversions/drawings.int.test.ts'
  'apps/server/src/modules/conversions/office-video.int.test.ts'
  'apps/server/src/modules/conversions/rhino-models.int.test.ts'
)
step "integration tests (PGlite)";     npx vitest run --project integration
step "integration tests (PostgreSQL)"; TEST_DB=postgres npx vitest run --project integration "${DB_AGNOSTIC[@]/#/--exclude=}"
step "end-to-end journeys (Chromium)"; npm run test:e2e
echo; echo "All tests passed."
