#!/usr/bin/env bash
# The whole suite: types, lint and layering, unit and API tests (with the authorization matrix
# and the bad-input fuzz), then the browser journeys. Set DATABASE_URL to run on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n== %s\n' "$1"; }
step "typecheck"; npm run --silent typecheck
step "lint"; npm run --silent lint
db=PGlite; [ -n "${DATABASE_URL:-}" ] && db=PostgreSQL
step "unit and API tests ($db)"; npx vitest run
step "browser tests"; bash scripts/e2e.sh
