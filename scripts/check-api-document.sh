#!/usr/bin/env bash
# The API document as integrators' tools read it (docs/decisions/0081): written without starting a server, as
# /api/openapi.json serves it; linted by Redocly's recommended rules, warnings failing too; and a client generated
# from it with openapi-typescript, which the typed example in docs/scripts compiles against.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$PWD/docs/scripts/generated"
mkdir -p "$out"
npm run --silent openapi -w @portal/server -- "$out/openapi.json"
lint() { REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint --config redocly.yaml "$@" "$out/openapi.json"; }
if ! lint --format=json 2>/dev/null | node -e '
  const { totals } = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
  process.exit(totals.errors + totals.warnings > 0 ? 1 : 0);'; then
  lint || true
  echo "The API document does not pass redocly lint cleanly." >&2
  exit 1
fi
npm run --silent client -w @portal/api-examples
npm run --silent typecheck -w @portal/api-examples
echo "API document: lint clean, generated client compiles."
