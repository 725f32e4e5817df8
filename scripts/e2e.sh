#!/usr/bin/env bash
# Browser journeys: build the web app, start the portal on a fresh database, run Playwright in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
bash scripts/ensure-test-tools.sh
# The suite's own run has just built the app (E2E_SKIP_BUILD=1); run alone, this builds it.
[ -n "${E2E_SKIP_BUILD:-}" ] || npm run build -w @portal/web --silent
if [ -n "${DATABASE_URL:-}" ]; then
  E2E_DATABASE_URL=$(node scripts/fresh-database.mjs portal_e2e)
  export E2E_DATABASE_URL
fi
cd e2e
exec npx playwright test "$@"
