#!/usr/bin/env bash
# Third round of the labelled real set: PDFs whose pages carry an OCR text layer made here, by
# ocrmypdf, tesseract and img2pdf, from the real files that build.sh fetched. Run it after build.sh on
# the same folder: it reads OUT/pdf/sNNNN.pdf (scans without a layer, and born-digital Russian,
# Ukrainian and French pages that are rendered into scans first) and writes OUT/pdf/s03NN.pdf, the
# files labelled in labels.jsonl from s0301 on. tools/realset/generated.tsv says how each file is made.
#
# The layers depend on the tools' versions: the labels were made with Debian 12 (bookworm)
# tesseract 5.3.0 (leptonica 1.82.0, the tesseract-ocr-{eng,fra,rus,ukr} 4.1.0 / 1:4.1.0 models),
# ocrmypdf 14.0.1, img2pdf 0.4.4, poppler-utils 22.12, qpdf 11.3 and Python 3.11 with PIL 9.4. Other
# versions give other layers (and other error rates); the script prints the versions it ran with.
#
# Needs: ocrmypdf tesseract-ocr-eng tesseract-ocr-fra tesseract-ocr-rus tesseract-ocr-ukr img2pdf
# poppler-utils qpdf and /usr/bin/python3 with python3-pil. One tesseract process at a time.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: $0 OUT_DIR (the folder build.sh wrote)" >&2; exit 2; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
out="$(cd "$1" && pwd)"
case "$out/" in "$repo"/*) echo "refusing to write into the repository ($out)" >&2; exit 2 ;; esac
for tool in ocrmypdf tesseract img2pdf pdftoppm qpdf /usr/bin/python3; do
  command -v "$tool" >/dev/null || { echo "missing tool: $tool" >&2; exit 2; }
done
for l in eng fra rus ukr; do
  tesseract --list-langs 2>/dev/null | grep -qx "$l" || { echo "missing tesseract model: $l (apt-get install tesseract-ocr-$l)" >&2; exit 2; }
done
export OMP_THREAD_LIMIT=1
echo "tesseract $(tesseract --version 2>&1 | head -n1 | cut -d' ' -f2), ocrmypdf $(ocrmypdf --version), img2pdf $(img2pdf --version | cut -d' ' -f2)" >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

src() { # src sNNNN: the cut file build.sh wrote
  local f="$out/pdf/$1.pdf"
  [ -f "$f" ] || { echo "missing $f: run build.sh $out first" >&2; exit 1; }
  echo "$f"
}
OCRMYPDF=(ocrmypdf --jobs 1 --output-type pdf --optimize 0 --quiet)

# render SRC PREFIX: 300-dpi grey PNG of every page, PREFIX-1.png, PREFIX-2.png ...
render() {
  pdftoppm -r 300 -gray -png "$1" "$2"
  local f g
  for f in "$2"-*.png; do g="$(echo "$f" | sed -E 's/-0*([0-9]+)\.png$/-\1.png/')"; [ "$f" = "$g" ] || mv "$f" "$g"; done
}

# scan SRC NAME: a born-digital file made into a lightly degraded scan without a layer
# (300 dpi grey, turned 0.4 degrees, JPEG quality 70), $work/NAME.pdf
scan() {
  render "$1" "$work/$2"
  /usr/bin/python3 - "$work/$2" <<'PY'
import sys, glob
from PIL import Image
for f in sorted(glob.glob(sys.argv[1] + "-*.png")):
    im = Image.open(f).convert("L").rotate(0.4, resample=Image.BICUBIC, fillcolor=255)
    im.save(f[:-4] + ".jpg", quality=70, dpi=(300, 300))
PY
  img2pdf --imgsize 300dpi -o "$work/$2.pdf" $(ls "$work/$2"-*.jpg | sort -V)
}

# degrade NAME: $work/NAME-N.png (300 dpi) -> $work/NAME-N.deg.jpg: downscaled by 3 to 100 dpi,
# Gaussian blur radius 1.2, JPEG quality 30
degrade() {
  /usr/bin/python3 - "$work/$1" <<'PY'
import sys, glob
from PIL import Image, ImageFilter
for f in sorted(glob.glob(sys.argv[1] + "-[0-9]*.png")):
    im = Image.open(f).convert("L")
    im = im.resize((im.width // 3, im.height // 3), Image.BILINEAR).filter(ImageFilter.GaussianBlur(1.2))
    im.save(f[:-4] + ".deg.jpg", quality=30, dpi=(100, 100))
PY
}

# swap SRC NAME LANG OUTFILE: the layer tesseract reads from the degraded render, laid over the
# unchanged pages of SRC (text-only PDF from tesseract -c textonly_pdf=1, qpdf --overlay)
swap() {
  render "$1" "$work/$2"; degrade "$2"
  ls "$work/$2"-*.deg.jpg | sort -V > "$work/$2.list"
  tesseract "$work/$2.list" "$work/$2.text" -l "$3" --dpi 100 -c textonly_pdf=1 pdf 2>/dev/null
  qpdf "$1" --overlay "$work/$2.text.pdf" -- "$4"
}

# same SRC NAME LANG OUTFILE: ocrmypdf on the degraded images themselves (bad layer over bad image)
same() {
  render "$1" "$work/$2"; degrade "$2"
  img2pdf --imgsize 100dpi -o "$work/$2.same.pdf" $(ls "$work/$2"-*.deg.jpg | sort -V)
  "${OCRMYPDF[@]}" -l "$3" "$work/$2.same.pdf" "$4"
}

# direct SRC NAME LANG OUTFILE: tesseract's own PDF renderer on the 300-dpi renders
direct() {
  render "$1" "$work/$2"
  ls "$work/$2"-[0-9]*.png | grep -v deg | sort -V > "$work/$2.list"
  tesseract "$work/$2.list" "$work/$2.direct" -l "$3" --dpi 300 pdf 2>/dev/null
  mv "$work/$2.direct.pdf" "$4"
}

o="$out/pdf"
# Real scans without a layer (build.sh files): English.
"${OCRMYPDF[@]}" -l eng "$(src s0201)" "$o/s0301.pdf"                        # QEX 1996 bilevel scan, right language, hocr renderer
swap "$(src s0201)" s0302 eng "$o/s0302.pdf"                                  # same scan, layer read from a degraded render
"${OCRMYPDF[@]}" -l rus "$(src s0201)" "$o/s0303.pdf"                        # English scan read with the Russian model (wrong script)
"${OCRMYPDF[@]}" -l eng --pdf-renderer sandwich "$(src s0174)" "$o/s0304.pdf" # FAA circular JPEG scan, sandwich renderer
same "$(src s0174)" s0305 eng "$o/s0305.pdf"                                 # degraded image with its own layer
direct "$(src s0100)" s0306 eng "$o/s0306.pdf"                               # book preface, tesseract PDF renderer on a 300-dpi render
"${OCRMYPDF[@]}" -l fra "$(src s0100)" "$o/s0307.pdf"                        # English page read with the French model (same script)
render "$(src s0090)" "$work/s0308"                                          # game manual: img2pdf of the renders, then ocrmypdf
img2pdf --imgsize 300dpi -o "$work/s0308.pdf" $(ls "$work"/s0308-*.png | sort -V)
"${OCRMYPDF[@]}" -l eng "$work/s0308.pdf" "$o/s0308.pdf"

# Born-digital Russian, Ukrainian and French pages made into scans, then OCRed.
scan "$(src s0162)" ru1                                                      # maint-guide-ru: title, contents
"${OCRMYPDF[@]}" -l rus "$work/ru1.pdf" "$o/s0309.pdf"                       # right script
"${OCRMYPDF[@]}" -l eng "$work/ru1.pdf" "$o/s0310.pdf"                       # wrong script: Latin look-alikes
swap "$work/ru1.pdf" s0311 rus "$o/s0311.pdf"                                # right script, degraded read, clean image
scan "$(src s0182)" ru2                                                      # instead-doc-ru: stead3 manual
"${OCRMYPDF[@]}" -l eng --pdf-renderer sandwich "$work/ru2.pdf" "$o/s0312.pdf" # wrong script, sandwich renderer
direct "$work/ru2.pdf" s0313 rus+eng "$o/s0313.pdf"                          # right script, tesseract PDF renderer
scan "$(src s0217)" uk1                                                      # Ukrainian packaging guide
"${OCRMYPDF[@]}" -l ukr "$work/uk1.pdf" "$o/s0314.pdf"                       # right language
"${OCRMYPDF[@]}" -l rus "$work/uk1.pdf" "$o/s0315.pdf"                       # Russian model on Ukrainian (same script)
"${OCRMYPDF[@]}" -l eng "$work/uk1.pdf" "$o/s0316.pdf"                       # wrong script
scan "$(src s0026)" fr1                                                      # lure-of-the-temptress French manual
"${OCRMYPDF[@]}" -l fra "$work/fr1.pdf" "$o/s0317.pdf"                       # right language
"${OCRMYPDF[@]}" -l eng "$work/fr1.pdf" "$o/s0318.pdf"                       # English model on French (accents lost)
same "$work/fr1.pdf" s0319 fra "$o/s0319.pdf"                                # degraded image with its own layer

# Round two of the same kinds, added while labelling.
mild() { # mild SRC NAME LANG OUTFILE: like swap, from a render downscaled by 2 (150 dpi), JPEG quality 50, no blur
  render "$1" "$work/$2"
  /usr/bin/python3 - "$work/$2" <<'PY'
import sys, glob
from PIL import Image
for f in sorted(glob.glob(sys.argv[1] + "-[0-9]*.png")):
    im = Image.open(f).convert("L")
    im.resize((im.width // 2, im.height // 2), Image.BILINEAR).save(f[:-4] + ".mild.jpg", quality=50, dpi=(150, 150))
PY
  ls "$work/$2"-*.mild.jpg | sort -V > "$work/$2.list"
  tesseract "$work/$2.list" "$work/$2.text" -l "$3" --dpi 150 -c textonly_pdf=1 pdf 2>/dev/null
  qpdf "$1" --overlay "$work/$2.text.pdf" -- "$4"
}
mild "$(src s0174)" s0321 eng "$o/s0321.pdf"                                 # FAA scan, layer read from a 150-dpi JPEG
"${OCRMYPDF[@]}" -l rus --force-ocr "$(src s0251)" "$o/s0322.pdf"            # lshort-russian (CP1251 junk layer): rasterised and OCRed
"${OCRMYPDF[@]}" -l eng --force-ocr "$(src s0246)" "$o/s0323.pdf"            # eskd (Russian with an English abstract): rasterised, wrong script
same "$work/ru2.pdf" s0324 rus "$o/s0324.pdf"                                # instead-doc-ru scan degraded, its own Russian layer
mild "$work/uk1.pdf" s0325 ukr "$o/s0325.pdf"                                # Ukrainian scan, layer from a 150-dpi JPEG
scan "$(src s0246)" ru3                                                      # eskd: dense Russian manual pages
"${OCRMYPDF[@]}" -l rus "$work/ru3.pdf" "$o/s0326.pdf"                       # right script
swap "$work/ru3.pdf" s0327 rus "$o/s0327.pdf"                                # degraded read, clean image
scan "$(src s0240)" uk2                                                      # ukrhyph rules90: dense Ukrainian (CP1251 junk layer before)
"${OCRMYPDF[@]}" -l eng "$work/uk2.pdf" "$o/s0328.pdf"                       # wrong script
"${OCRMYPDF[@]}" -l ukr "$work/uk2.pdf" "$o/s0329.pdf"                       # right language
"${OCRMYPDF[@]}" -l rus+eng "$work/ru3.pdf" "$o/s0330.pdf"                   # eskd scan, both of its scripts
scan "$(src s0251)" ru4                                                      # lshort-russian made a scan
"${OCRMYPDF[@]}" -l rus+eng "$work/ru4.pdf" "$o/s0331.pdf"                   # both scripts
"${OCRMYPDF[@]}" -l ukr+eng --pdf-renderer sandwich "$work/uk2.pdf" "$o/s0332.pdf" # Ukrainian rules, both scripts, sandwich

echo "$(ls "$o"/s03[0-9][0-9].pdf | wc -l) OCR-layer files written to $o" >&2
