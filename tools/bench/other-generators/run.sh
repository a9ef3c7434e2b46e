#!/usr/bin/env bash
# Builds the other generators' documents and their broken copies (build.py), then measures them:
# the built-in configuration's verdicts (`pdftriage triage`: every broken page must go to OCR or be repaired right,
# every original page kept), then the code-map repair per document (codemap-long.mjs: pages repaired, OCR regions per
# font, CER against the unbroken document).
#   tools/bench/other-generators/run.sh OUT_DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../../.."
out="${1:?usage: run.sh OUT_DIR}"
tools="$root/../shared/corpus/tools"
/usr/bin/python3 "$here/build.py" "$tools" "$out"
node "$root/packages/cli/dist/src/bin.js" triage --jobs 1 "$out/orig" "$out/broken" > "$out/triage.jsonl"
node -e '
const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map(JSON.parse).filter((r) => r.type === "page")
const by = new Map()
for (const r of rows) {
  const k = r.file.replace(/^.*\/(orig|broken)\//, "$1/").replace(/\.pdf$/, "")
  const b = by.get(k) ?? { pages: 0, ocr: 0, kept: 0, repaired: [] }
  b.pages++
  if (r.needsOcr) b.ocr++
  else if (r.repair) b.repaired.push(`p${r.page} ${r.repair}`)
  else b.kept++
  by.set(k, b)
}
for (const [k, b] of by) console.log(`${k.padEnd(22)} pages ${b.pages}, to OCR ${b.ocr}, kept ${b.kept}, repaired ${b.repaired.length}${b.repaired.length ? ` (${b.repaired.join(", ")})` : ""}`)
' "$out/triage.jsonl"
# codemap-long.mjs breaks its own copies (same tool, same seed) into /tmp/codemap-long/, named after the source
for f in "$out"/orig/*.pdf; do
  name="$(basename "$f" .pdf)"
  rm -f /tmp/codemap-long/"$name"-[ABC].pdf
  variants=A,B,C
  [ -e "$out/broken/$name-C.pdf" ] || variants=A,B
  echo "=== $name"
  node "$root/tools/bench/codemap-long.mjs" --src "$f" --variants "$variants" --ocr-sample 1 | grep -v '^    font'
done
