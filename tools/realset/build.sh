#!/usr/bin/env bash
# Rebuilds the labelled real set (tools/realset/labels.jsonl) from the Debian and npm packages named in
# tools/realset/sources.tsv, by exact version, into the folder given as argument (OUT/pdf/sNNNN.pdf).
# Every source file is checked against its SHA-256 before it is cut to its first pages with qpdf.
# The third-party files are never part of the repository: OUT must lie outside it.
#
# Needs: apt-get (with its package lists up to date: run `apt-get update` once), dpkg-deb, npm, qpdf,
# gzip, sha256sum.
set -euo pipefail

usage() { echo "usage: $0 OUT_DIR" >&2; exit 2; }
[ $# -eq 1 ] || usage
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
mkdir -p "$1"
out="$(cd "$1" && pwd)"
case "$out/" in "$repo"/*) echo "refusing to write into the repository ($out); give a folder outside it" >&2; exit 2 ;; esac
for tool in dpkg-deb npm qpdf gzip sha256sum; do
  command -v "$tool" >/dev/null || { echo "missing tool: $tool" >&2; exit 2; }
done
sources="$here/sources.tsv"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out/pdf" "$work/dl" "$work/x"

missing=0
# One download per package version.
while IFS=$'\t' read -r kind pkg ver; do
  dest="$work/x/$kind-$pkg-$ver"
  mkdir -p "$dest"
  if [ "$kind" = debian ]; then
    if ! (cd "$work/dl" && apt-get download "$pkg=$ver" >/dev/null 2>&1); then
      echo "NOT AVAILABLE: Debian package $pkg version $ver cannot be downloaded from the configured apt sources" >&2
      missing=$((missing + 1)); continue
    fi
    deb=$(ls "$work/dl/${pkg}_"*.deb | head -n1)
    dpkg-deb -x "$deb" "$dest"
    rm -f "$deb"
  else
    if ! tgz=$(cd "$work/dl" && npm pack "$pkg@$ver" --silent 2>/dev/null | tail -n1) || [ ! -f "$work/dl/$tgz" ]; then
      echo "NOT AVAILABLE: npm package $pkg version $ver cannot be fetched with npm pack" >&2
      missing=$((missing + 1)); continue
    fi
    tar -xzf "$work/dl/$tgz" -C "$dest"
    rm -f "$work/dl/$tgz"
  fi
done < <(tail -n +2 "$sources" | cut -f2-4 | sort -u)

made=0 bad=0
while IFS=$'\t' read -r file kind pkg ver path _srcpages kept sha _bytes _producer; do
  src="$work/x/$kind-$pkg-$ver/${path#/}"
  if [ ! -f "$src" ]; then
    echo "SKIPPED $file: $path not found in $kind package $pkg $ver" >&2; bad=$((bad + 1)); continue
  fi
  if [[ "$src" == *.gz ]]; then gzip -dc "$src" > "$work/src.pdf"; else cp "$src" "$work/src.pdf"; fi
  got=$(sha256sum "$work/src.pdf" | cut -d' ' -f1)
  if [ "$got" != "$sha" ]; then
    echo "SKIPPED $file: SHA-256 of $pkg $ver $path is $got, expected $sha" >&2; bad=$((bad + 1)); continue
  fi
  # qpdf exits 3 on warnings (damaged but readable sources); the page count is checked instead.
  qpdf --empty --pages "$work/src.pdf" "$kept" -- "$out/$file" 2>/dev/null || [ $? -eq 3 ]
  pages=$(qpdf --show-npages "$out/$file" 2>/dev/null || true)
  if [ "$pages" != "${kept#1-}" ]; then
    echo "SKIPPED $file: the cut has ${pages:-no} pages, expected ${kept#1-}" >&2; rm -f "$out/$file"; bad=$((bad + 1)); continue
  fi
  made=$((made + 1))
done < <(tail -n +2 "$sources")

echo "$made files written to $out/pdf ($bad skipped, $missing package versions unavailable)"
[ "$bad" -eq 0 ] && [ "$missing" -eq 0 ]
