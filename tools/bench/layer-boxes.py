#!/usr/bin/env python3
# Does a searchable PDF's invisible layer lie on the words the page shows? `python3 tools/bench/layer-boxes.py OUT.pdf
# PAGE LANG` renders the page as a viewer shows it (pdftoppm, 150 dpi, /Rotate applied), reads it afresh with native
# tesseract (tsv), and compares each layer word of pdftotext -bbox (4 letters or more, found once in the fresh
# reading) with the fresh word's box: the median centre offset and the share within 3 pt. Needs poppler-utils and
# tesseract-ocr with LANG's data.
import html
import re
import statistics
import subprocess
import sys
import tempfile

pdf, page, lang = sys.argv[1], sys.argv[2], sys.argv[3]
DPI = 150  # enough for tesseract to read 10 pt text, a quarter of the time of 300
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run(['pdftoppm', '-r', str(DPI), '-f', page, '-l', page, '-png', '-singlefile', pdf, f'{tmp}/p'], check=True)
    tsv = subprocess.run(['tesseract', f'{tmp}/p.png', '-', '-l', lang, 'tsv'], capture_output=True, text=True, check=True).stdout
fresh = {}
for line in tsv.splitlines()[1:]:
    f = line.split('\t')
    if len(f) < 12 or f[0] != '5' or not f[11].strip():
        continue
    x, y, w, h = (int(v) * 72 / DPI for v in f[6:10])
    fresh.setdefault(f[11], []).append((x, y, x + w, y + h))
bbox = subprocess.run(['pdftotext', '-bbox', '-f', page, '-l', page, pdf, '-'], capture_output=True, text=True, check=True).stdout
offsets = []
words = 0
for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', bbox):
    x0, y0, x1, y1 = map(float, m.groups()[:4])
    text = html.unescape(m.group(5))
    words += 1
    seen = fresh.get(text)
    if len(text) < 4 or not seen or len(seen) != 1:
        continue
    a = seen[0]
    offsets.append((abs((x0 + x1) / 2 - (a[0] + a[2]) / 2), abs((y0 + y1) / 2 - (a[1] + a[3]) / 2)))
near = sum(1 for dx, dy in offsets if dx < 3 and dy < 3)
print(
    f'{pdf} page {page}: {words} layer words, {len(offsets)} found once in a fresh reading; median centre offset '
    f'x {statistics.median(d[0] for d in offsets):.2f} pt, y {statistics.median(d[1] for d in offsets):.2f} pt; within 3 pt {near}/{len(offsets)}'
)
