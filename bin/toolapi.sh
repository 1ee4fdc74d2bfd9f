#!/usr/bin/env bash
# The `toolapi` command (package.json "bin"; `npx toolapi …`): bootstraps like npm start, then runs the CLI.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
exec bash "$root/scripts/run.sh" runtime "$root/src/cli/main.ts" "$@"
