#!/usr/bin/python3
"""Breaks every font of a whole PDF with one variant of the corpus tools (../shared/corpus/tools/pdfcorpus.py).

    /usr/bin/python3 break.py CORPUS_TOOLS IN.pdf OUT.pdf A|B|C [seed]

The corpus tools break one page at a time; a document shares its font objects between pages, so the codes of each
font are gathered over all pages first and each font is broken once (variant C renumbers the codes of every page's
content with the same permutation). Needs Debian's python3-pikepdf and python3-fonttools; numpy and Levenshtein,
which the tools import for other builders, are not used here and are stubbed.
"""
import random
import sys
import types
from collections import OrderedDict

for name in ("numpy", "Levenshtein"):
    sys.modules.setdefault(name, types.ModuleType(name))

tools, src, out, variant = sys.argv[1:5]
seed = int(sys.argv[5]) if len(sys.argv) > 5 else 20240611
sys.path.insert(0, tools)
import pikepdf  # noqa: E402
import pdfcorpus as pc  # noqa: E402

pdf = pikepdf.open(src)
merged, objs = OrderedDict(), {}
for page in pdf.pages:
    codes, fo = pc.page_font_codes(page)
    objs.update(fo)
    for k, lst in codes.items():
        have = merged.setdefault(k, [])
        seen = set(have)
        have.extend(c for c in lst if c not in seen)

original_codes = pc.page_font_codes
pc.page_font_codes = lambda page: (merged, objs)
rng = random.Random(seed)
if variant in ("A", "B"):
    stats = pc.garble_page(pdf, pdf.pages[0], variant, rng)
elif variant == "C":
    # strip_names_page rewrites the strings of the one page it is given; here every page's content (and each form
    # once, over all pages) gets the same permutation. The module's own function stays in place for the forms it
    # recurses into: replacing the global would make each form's `Do` start a rewrite of every page again, with no
    # memory of the forms done (the build of earlier rounds never ended).
    rewrite = pc._rewrite_strings

    def every_page(pdf_, page, resources, recode, seen, is_page):
        pc._rewrite_strings = rewrite
        for p in pdf_.pages:
            rewrite(pdf_, p, p.obj.get("/Resources"), recode, seen, True)

    pc._rewrite_strings = every_page
    stats = pc.strip_names_page(pdf, pdf.pages[0], rng)
else:
    raise SystemExit("variant must be A, B or C")
pdf.save(out)
print(variant, len(pdf.pages), "pages", stats.get("fonts"), "fonts")
