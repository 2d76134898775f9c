#!/usr/bin/env bash
# Sets everything up and starts bimdrive on its embedded default (PGlite under data/, files on local
# disk). Prints the URL and the demo sign-in. Environment variables (see README) switch to PostgreSQL etc.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
bash "$ROOT/scripts/setup.sh"
cd "$ROOT"
exec node apps/server/src/main.ts "$@"
