#!/usr/bin/env bash
# The `toolapi` command (package.json "bin"): runs the CLI under the project's Node 24.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
# Fast path, once `npm start` or `npm test` has bootstrapped this clone (the npm ci stamp matches the lockfile):
# the project-local Node directly, with no bootstrap checks and no npm in between.
stamp="$root/.runtime/npm-ci.stamp"
if [[ -f "$stamp" && "$(cut -d' ' -f2 "$stamp")" == "$(sha1sum "$root/package-lock.json" | cut -d' ' -f1)" ]]; then
  for node in "$root"/.runtime/node-*/bin/node; do
    [[ -x "$node" ]] && exec "$node" "$root/src/cli/main.ts" "$@"
  done
fi
exec bash "$root/scripts/run.sh" runtime "$root/src/cli/main.ts" "$@"
