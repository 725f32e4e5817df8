#!/bin/sh
# Lists your company's self-hosted servers (licences) with an API token (docs/api-tokens.md).
#   PORTAL_URL=https://portal.example.com PORTAL_TOKEN=pt_… sh docs/scripts/list-servers.sh
# The token needs the SERVERS_READ permission. Prints one line per licence: serial, name, status, version,
# devices online; page after page until every licence is listed.
set -eu
: "${PORTAL_URL:?set PORTAL_URL to the portal address}"
: "${PORTAL_TOKEN:?set PORTAL_TOKEN to an API token with SERVERS_READ}"

page=1
while :; do
  answer=$(curl --silent --show-error --request POST \
    --header "Authorization: Bearer ${PORTAL_TOKEN}" \
    --header 'Content-Type: application/json' \
    --data "{\"page\":${page}}" \
    "${PORTAL_URL%/}/api/v1/web/UserMyServersTable.json")

  # Every answer is an envelope: {"status":"ok","code":200,"data":…} or {"status":"error","code":…,"message":…}.
  if [ "$(printf '%s' "$answer" | jq -r .status)" != ok ]; then
    printf 'The portal refused: %s\n' "$(printf '%s' "$answer" | jq -r .message)" >&2
    exit 1
  fi
  rows=$(printf '%s' "$answer" | jq '.data.self_hosted | length')
  [ "$rows" -eq 0 ] && break
  printf '%s' "$answer" | jq -r '.data.self_hosted[] | [.serial_number, .name, .status, .server_version, .num_clients_online] | @tsv'
  page=$((page + 1))
done
