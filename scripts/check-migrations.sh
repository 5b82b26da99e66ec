#!/usr/bin/env bash
# Fails when the entities and the migrations disagree: applies every migration to a scratch
# database, then asks TypeORM to generate a migration from the entities; it must find nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
server=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
db="test_drift_$$"
url="${server%/*}/$db"
psql -q "$server" -c "CREATE DATABASE $db"
trap 'psql -q "$server" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)"' EXIT
npm run --silent build
DATABASE_URL=$url npx typeorm migration:run -d dist/src/database/data-source.js >/dev/null
DATABASE_URL=$url npx typeorm migration:generate --check --dryrun -d dist/src/database/data-source.js migrations/Drift
