#!/bin/sh
# Lists the users of your company with an API token (docs/api-tokens.md).
#   PORTAL_URL=https://portal.example.com PORTAL_TOKEN=pt_… sh docs/scripts/list-company-users.sh
# The token needs the USERS_READ permission. Prints one line per user: email, name, primary contact.
set -eu
: "${PORTAL_URL:?set PORTAL_URL to the portal address}"
: "${PORTAL_TOKEN:?set PORTAL_TOKEN to an API token with USERS_READ}"

answer=$(curl --silent --show-error --request POST \
  --header "Authorization: Bearer ${PORTAL_TOKEN}" \
  --header 'Content-Type: application/json' \
  --data '{}' \
  "${PORTAL_URL%/}/api/v1/user/list_company_users")

# Every answer is an envelope: {"status":"ok","code":200,"data":…} or {"status":"error","code":…,"message":…}.
if [ "$(printf '%s' "$answer" | jq -r .status)" != ok ]; then
  printf 'The portal refused: %s\n' "$(printf '%s' "$answer" | jq -r .message)" >&2
  exit 1
fi
printf '%s' "$answer" | jq -r '.data[] | [.email, .contact_name, (if .is_primary_contact then "primary" else "" end)] | @tsv'
