#!/usr/bin/env bash
# Entry point of the npm scripts: bootstraps, then runs the given command under Node 24.
#   usage: scripts/run.sh runtime|test <node arguments...>
set -euo pipefail
mode=$1
shift
# shellcheck source=bootstrap.sh
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh" "$mode"
exec "$TOOLAPI_NODE" "$@"
