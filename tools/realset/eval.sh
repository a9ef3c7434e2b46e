#!/usr/bin/env bash
# Scores the current build on the labelled real set: ROOT is the folder tools/realset/build.sh wrote
# (it holds pdf/sNNNN.pdf). Extra arguments go to `pdftriage eval` (for example --jobs 2 or --format jsonl).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 ROOT [pdftriage eval options]" >&2; exit 2; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$1"; shift
[ -d "$root/pdf" ] || { echo "$root/pdf not found: build the set first with $here/build.sh $root" >&2; exit 2; }
exec node "$here/../../packages/cli/bin/pdftriage.js" eval --labels "$here/labels.jsonl" --format text "$@" "$root"
