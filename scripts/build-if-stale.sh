#!/usr/bin/env bash
# Compiles (nest build) unless dist/ was built successfully after the last change to what it is built
# from, so `npm start` and `npm run cli` start at once when nothing changed. The stamp is taken when a
# build starts and kept only if it succeeds: a file saved during a build, or a failed build, means
# building again next time. A deleted source file changes its directory's time, which counts too.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=dist/.built
inputs=(src migrations package-lock.json tsconfig.json tsconfig.build.json nest-cli.json)
if [[ -f $stamp && -z $(find "${inputs[@]}" -newer "$stamp" -print -quit) ]]; then exit 0; fi
mkdir -p dist
touch dist/.building
npx nest build >&2
mv dist/.building "$stamp"
