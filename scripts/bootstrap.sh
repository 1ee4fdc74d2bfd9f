#!/usr/bin/env bash
# Brings a fresh clone to a runnable state: Node 24 (from the npm registry, project-local, when the
# machine's node is older), the Debian packages of scripts/system-packages.txt (as root, via apt),
# and node_modules (npm ci, run under Node 24 so native addons build for its ABI).
# Idempotent and silent when everything is in place. Source it: it exports PATH, TOOLAPI_NODE and NODE_COMPILE_CACHE.
#   usage: source scripts/bootstrap.sh runtime|test
set -euo pipefail

bootstrap_mode=${1:-runtime}
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
node_version=24.21.0
runtime_dir="$repo_root/.runtime"

log() { printf '[bootstrap] %s\n' "$*" >&2; }

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

ensure_node() {
  local system_node
  system_node=$(command -v node || true)
  if [[ -n "$system_node" && $(node_major "$system_node") -ge 24 ]]; then
    TOOLAPI_NODE=$system_node
    return
  fi
  local arch
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) log "unsupported CPU $(uname -m): install Node 24 yourself"; exit 1 ;;
  esac
  local node_dir="$runtime_dir/node-$node_version"
  if [[ ! -x "$node_dir/bin/node" ]]; then
    log "installing Node $node_version from the npm registry (node-linux-$arch) into .runtime/"
    local tmp
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-$arch@$node_version" >/dev/null)
    mkdir -p "$node_dir.partial"
    tar -xzf "$tmp"/node-linux-*.tgz -C "$node_dir.partial" --strip-components=1
    rm -rf "$tmp" "$node_dir"
    mv "$node_dir.partial" "$node_dir"
  fi
  TOOLAPI_NODE="$node_dir/bin/node"
  export PATH="$node_dir/bin:$PATH"
  # node-gyp must compile native addons against Node 24's headers, not the system node's.
  export npm_config_nodedir="$node_dir"
}

missing_system_packages() {
  local wanted=()
  while read -r pkg scope _; do
    [[ -z "$pkg" || "$pkg" == \#* ]] && continue
    [[ "$scope" == test && "$bootstrap_mode" != test ]] && continue
    wanted+=("$pkg")
  done <"$repo_root/scripts/system-packages.txt"
  [[ ${#wanted[@]} -eq 0 ]] && return
  command -v dpkg-query >/dev/null || return
  local pkg status
  for pkg in "${wanted[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || printf '%s\n' "$pkg"
  done
}

ensure_system_packages() {
  local missing
  missing=$(missing_system_packages | tr '\n' ' ')
  [[ -z "${missing// /}" ]] && return
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    log "installing Debian packages: $missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing >&2
  else
    log "missing Debian packages; the tools that need them answer engine_unavailable until you run:"
    log "  sudo apt-get install -y --no-install-recommends $missing"
  fi
}

ensure_node_modules() {
  local stamp="$runtime_dir/npm-ci.stamp"
  local want
  want="$(node_major "$TOOLAPI_NODE") $(sha1sum "$repo_root/package-lock.json" | cut -d' ' -f1)"
  if [[ -d "$repo_root/node_modules" && -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
    return
  fi
  log "installing npm packages (npm ci) under Node $("$TOOLAPI_NODE" --version)"
  local npm_cli=${npm_execpath:-$(readlink -f "$(command -v npm)")}
  (cd "$repo_root" && "$TOOLAPI_NODE" "$npm_cli" ci --no-audit --no-fund --loglevel=error >&2)
  mkdir -p "$runtime_dir"
  printf '%s' "$want" >"$stamp"
}

ensure_node
ensure_system_packages
ensure_node_modules
export TOOLAPI_NODE
# Node's on-disk compile cache keeps the type-stripped and compiled form of each module, keyed by its
# content: without it every process (each test file, each CPU worker) strips ~500 TypeScript files again.
export NODE_COMPILE_CACHE=${NODE_COMPILE_CACHE:-$runtime_dir/compile-cache}
