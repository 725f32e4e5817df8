#!/usr/bin/env bash
# The whole suite. What depends on the database (the server's unit and API tests with the authorization
# matrix and the bad-input fuzz, and a browser smoke journey) runs on PGlite and, when DATABASE_URL names a
# PostgreSQL server, on PostgreSQL too; everything else (types, lint, the JavaScript budget, the web's unit
# tests, the full browser suite) runs once. Each step prints its duration. See docs/ci.md and decision 0065.
# The production image's steps run too (scripts/check-production-image.mjs, decision 0076). When MACHINE_NODE names
# an older Node than the one running the suite (.ci/run runs it on Node 24 and sets it, decision 0075), the server
# tests and the browser smoke run once more on that one, as the README's commands must keep working there.
set -euo pipefail
cd "$(dirname "$0")/.."
# pdftotext and jq, which server tests call; Chromium comes with the browser steps (scripts/e2e.sh).
bash scripts/ensure-test-tools.sh

pg_url="${DATABASE_URL:-}"
# No one reviews the whole suite's screenshots: the journeys skip them here (npm run test:e2e takes them).
export E2E_SCREENSHOTS="${E2E_SCREENSHOTS:-0}"
timings=()
step() {
  local name=$1
  shift
  printf '\n== %s\n' "$name"
  local start=$SECONDS
  "$@"
  timings+=("$(printf '%5ds  %s' $((SECONDS - start)) "$name")")
}

step "typecheck" npm run --silent typecheck
step "lint and layering" npm run --silent lint
step "API document lint and generated client" bash scripts/check-api-document.sh
# Builds apps/web/dist once; the browser steps below serve that build.
step "web build and JavaScript budget" npm run --silent budget
step "web unit tests" npx vitest run --project web
step "server tests (PGlite)" env -u DATABASE_URL npx vitest run --project server
if [ -n "$pg_url" ]; then
  step "server tests (PostgreSQL)" env DATABASE_URL="$pg_url" npx vitest run --project server
  step "browser journeys (PostgreSQL)" env DATABASE_URL="$pg_url" E2E_SKIP_BUILD=1 bash scripts/e2e.sh
  step "browser smoke (PGlite)" env -u DATABASE_URL E2E_SKIP_BUILD=1 bash scripts/e2e.sh --grep @smoke
else
  step "browser journeys (PGlite)" env E2E_SKIP_BUILD=1 bash scripts/e2e.sh
fi
step "production image steps" node scripts/check-production-image.mjs
if [ -n "${MACHINE_NODE:-}" ]; then
  older="$(dirname "$MACHINE_NODE")"
  version=$("$MACHINE_NODE" -v)
  # One database is enough to show the code runs on this Node: PostgreSQL's pass is the shorter.
  if [ -n "$pg_url" ]; then
    step "server tests (PostgreSQL, Node $version)" env PATH="$older:$PATH" DATABASE_URL="$pg_url" npx vitest run --project server
  else
    step "server tests (PGlite, Node $version)" env PATH="$older:$PATH" npx vitest run --project server
  fi
  step "browser smoke (PGlite, Node $version)" env -u DATABASE_URL PATH="$older:$PATH" E2E_SKIP_BUILD=1 bash scripts/e2e.sh --grep @smoke
fi

printf '\n== durations\n'
printf '%s\n' "${timings[@]}"
printf '%5ds  total\n' "$SECONDS"
