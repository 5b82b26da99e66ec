#!/usr/bin/env bash
# Fails when the committed TypeScript client (clients/ts/schema.d.ts) is not what the served OpenAPI
# document generates, or when the client and its example do not compile with --strict.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run --silent openapi:write
generated=$(mktemp --suffix=.d.ts)
trap 'rm -f "$generated"' EXIT
npx openapi-typescript dist/openapi.json -o "$generated" >/dev/null 2>&1
if ! diff -q clients/ts/schema.d.ts "$generated" >/dev/null; then
  diff -u clients/ts/schema.d.ts "$generated" | head -40 >&2
  echo "clients/ts/schema.d.ts is not what the document generates: run npm run client:generate and commit it." >&2
  exit 1
fi
npx tsc -p clients/ts/tsconfig.json
echo "The TypeScript client matches the document and compiles."
