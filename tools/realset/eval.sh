#!/usr/bin/env bash
# Scores the current build on the labelled real set: ROOT is the folder tools/realset/build.sh and then
# tools/realset/build-ocr.sh wrote (it holds pdf/sNNNN.pdf, the OCR-layer files s03NN among them).
# With --ocr-layers as the first option only the third round's OCR-layer pages (s0301 on) are scored.
# Extra arguments go to `pdftriage eval` (for example --jobs 2 or --format jsonl).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 ROOT [--ocr-layers] [pdftriage eval options]" >&2; exit 2; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$1"; shift
[ -d "$root/pdf" ] || { echo "$root/pdf not found: build the set first with $here/build.sh $root" >&2; exit 2; }
labels="$here/labels.jsonl"
if [ "${1:-}" = "--ocr-layers" ]; then
  shift
  labels="$(mktemp)"; trap 'rm -f "$labels"' EXIT
  grep '"file": "pdf/s03' "$here/labels.jsonl" > "$labels"
fi
missing=$(grep -o '"file": "pdf/s[0-9]*\.pdf"' "$labels" | sort -u | cut -d'"' -f4 | while read -r f; do [ -f "$root/$f" ] || echo "$f"; done)
if [ -n "$missing" ]; then
  echo "$(echo "$missing" | wc -l) labelled files missing in $root, e.g. $(echo "$missing" | head -n 5 | tr '\n' ' ')" >&2
  echo "build them with $here/build.sh $root and then $here/build-ocr.sh $root (the s03NN files)" >&2
  exit 2
fi
node "$here/../../packages/cli/bin/pdftriage.js" eval --labels "$labels" --format text "$@" "$root"
