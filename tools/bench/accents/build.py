#!/usr/bin/python3
"""Builds the accent test set: French pages typeset by several generators and TeX encodings, some of which draw each
accent as a glyph of its own over its letter (pdfTeX's OT1, TeX's \\accent under XeTeX and LuaTeX, groff's \\o), then
breaks every font the way the corpus tools do: reflected (R, the corpus's `reflected` class) and shifted codes (S+1,
S-29: every character of the true map moved by a constant, as a glyph-id fallback does).

    /usr/bin/python3 build.py CORPUS OUT_DIR

CORPUS is ../shared/corpus (its fit/ texts make the study half, its holdout/ texts the check half; its tools/ break
the fonts). Writes OUT_DIR/orig/<setup>.pdf (4 pages: 1-2 study, 3-4 check), OUT_DIR/broken/<setup>-<R|S+1|S-29>.pdf
and OUT_DIR/setups.json (encoding and generator of each set-up, whether its accents are separate glyphs). Needs
pdflatex, latex+dvips, xelatex, lualatex (texlive-latex-base, -latex-recommended, -xetex, -luatex, lmodern;
-fonts-extra for LY1), groff, ghostscript, LibreOffice Writer (soffice: libreoffice-writer-nogui; fonts DejaVu Serif,
Latin Modern Roman), and python3-pikepdf, python3-fonttools, python3-pil; a set-up whose tool is missing is skipped.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import types
import unicodedata
from xml.sax.saxutils import escape as xml_escape

for name in ("numpy", "Levenshtein"):
    sys.modules.setdefault(name, types.ModuleType(name))

corpus, out = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(corpus, "tools"))
import pikepdf  # noqa: E402
import pdfcorpus as pc  # noqa: E402

for d in ("orig", "broken", "work"):
    os.makedirs(os.path.join(out, d), exist_ok=True)
work = os.path.join(out, "work")

KEEP = re.compile(r"[^A-Za-z0-9 .,;:!?()'\-/%àâäçéèêëîïôöùûüÿœæÀÂÇÉÈÊËÎÏÔÙÛÜŒ]")


def clean(t):
    """One page of prose: NFC, typographic signs made ASCII, characters no encoding here draws dropped."""
    t = unicodedata.normalize("NFC", t)
    for a, b in [("’", "'"), ("‘", "'"), ("«", '"'), ("»", '"'), ("–", "-"), ("—", "-"), ("…", "..."), ("\u00a0", " "), ("\u202f", " ")]:
        t = t.replace(a, b)
    t = t.replace('"', "'")
    paras = [re.sub(r"\s+", " ", p).strip() for p in re.split(r"\n\s*\n", t)]
    t = "\n\n".join(KEEP.sub("", p) for p in paras if len(p) > 40)
    return t[:1900].rsplit(" ", 1)[0]


def texts(folder):
    return [clean(open(os.path.join(corpus, folder, f), encoding="utf-8").read()) for f in sorted(os.listdir(os.path.join(corpus, folder))) if re.match(r"\w+_\d+\.txt$", f)]


STUDY, CHECK = texts("fit"), texts("holdout")

ACUTE, GRAVE, CIRC, DIER, CED = "\u0301", "\u0300", "\u0302", "\u0308", "\u0327"
TEX_ACC = {ACUTE: "'", GRAVE: "`", CIRC: "^", DIER: '"', CED: "c"}
UNI_ACC = {ACUTE: "00B4", GRAVE: "0060", CIRC: "02C6", DIER: "00A8", CED: "00B8"}
GROFF_ACC = {ACUTE: "aa", GRAVE: "ga", CIRC: "a^", DIER: "ad", CED: "ac"}


def tex_escape(p):
    for a, b in [("%", "\\%"), ("/", "/")]:
        p = p.replace(a, b)
    return p


def split_accents(p, fmt):
    """Every accented letter written with an accent command (`fmt(letter, mark)`), other characters as they are."""
    o = []
    for ch in p:
        d = unicodedata.normalize("NFD", ch)
        if len(d) == 2 and d[1] in TEX_ACC:
            o.append(fmt(d[0], d[1]))
        else:
            o.append(ch)
    return "".join(o)


def tex_doc(pages, pre, body=lambda p: tex_escape(p)):
    b = "\n\\newpage\n".join(body(p) for p in pages)
    return "\\documentclass[11pt]{article}\n" + pre + "\n\\usepackage[a4paper,margin=2.5cm]{geometry}\\pagestyle{empty}\\begin{document}\n" + b + "\n\\end{document}\n"


def xe_accent(letter, mark):
    """TeX's \\accent primitive with the font's spacing accent: a glyph of its own over the letter (dotless i, j)."""
    base = {"i": "\\char\"0131{}", "j": "\\char\"0237{}"}.get(letter, letter)
    if mark == CED:
        return "\\ooalign{%s\\crcr\\hidewidth\\char\"00B8\\hidewidth}" % letter
    return "\\accent\"%s %s" % (UNI_ACC[mark], base)


def run(cmd, cwd, inp=None):
    r = subprocess.run(cmd, cwd=cwd, input=inp, capture_output=True, timeout=600)
    if r.returncode != 0:
        raise RuntimeError("%s: %s" % (" ".join(cmd), (r.stdout + r.stderr)[-600:].decode("utf-8", "replace")))
    return r.stdout


def tex(engine, src, name, dvips=False):
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, "doc.tex"), "w", encoding="utf-8").write(src)
    if dvips:
        run(["latex", "-interaction=nonstopmode", "doc.tex"], d)
        run(["dvips", "-q", "-o", "doc.ps", "doc.dvi"], d)
        run(["ps2pdf", "doc.ps", "doc.pdf"], d)
    else:
        run([engine, "-interaction=nonstopmode", "doc.tex"], d)
    return os.path.join(d, "doc.pdf")


def gs_redistill(pdf, name):
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    o = os.path.join(d, "doc.pdf")
    run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=pdfwrite", "-o", o, pdf], d)
    return o


def groff(pages, name, ps=False, overstrike=False):
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)

    def body(p):
        if overstrike:
            p = split_accents(p, lambda l, m: "\\o'%s\\(%s'" % ("\\(.i" if l == "i" else l, GROFF_ACC[m]))
        return "\n".join(".LP\n" + q.replace("'", "\\(aq").replace("\\(aq", "'") for q in p.split("\n\n"))
    src = ".pl 29.7c\n.ll 16c\n.po 2.5c\n.ps 11\n.vs 13p\n" + "\n.bp\n".join(body(p) for p in pages) + "\n"
    src = src.replace("\n'", "\n\\&'")
    open(os.path.join(d, "doc.ms"), "w", encoding="utf-8").write(src)
    if ps:
        psd = run(["groff", "-k", "-Tps", "-P-pa4", "doc.ms"], d)
        open(os.path.join(d, "doc.ps"), "wb").write(psd)
        run(["ps2pdf", "doc.ps", "doc.pdf"], d)
    else:
        pdf = run(["groff", "-k", "-Tpdf", "-P-pa4", "-P-e", "doc.ms"], d)
        open(os.path.join(d, "doc.pdf"), "wb").write(pdf)
    return os.path.join(d, "doc.pdf")


def writer(pages, name, font, base, combining=False):
    """LibreOffice Writer, headless, from a flat ODF document (one paragraph a paragraph of the text, each page after
    the first starting on a new page). `combining` writes every accented letter as its letter and a combining mark
    (e + U+0301): Writer's shaping draws the font's composed glyph for the pair and its ToUnicode reads that glyph as
    the two characters."""
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    paras = []
    for i, p in enumerate(pages):
        for j, q in enumerate(p.split("\n\n")):
            q = unicodedata.normalize("NFD", q) if combining else q
            paras.append('<text:p text:style-name="%s">%s</text:p>' % ("B" if i and not j else "P", xml_escape(q)))
    src = WRITER_DOC % (xml_escape(font), "".join(paras))
    open(os.path.join(d, "doc.fodt"), "w", encoding="utf-8").write(src)
    # a profile of its own: no clash with another soffice running, nothing written outside OUT_DIR
    profile = "file://" + os.path.abspath(os.path.join(work, "lo-profile"))
    run(["soffice", "-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf", "doc.fodt"], d)
    pdf = os.path.join(d, "doc.pdf")
    doc = pikepdf.open(pdf)
    got = {str(f.get("/BaseFont", "")) for pg in doc.pages for f in dict(pg.Resources.get("/Font", {})).values()}
    if not any(base in g for g in got):  # a missing font is replaced silently
        raise RuntimeError("%s not used (fonts: %s)" % (font, ", ".join(sorted(got))))
    return pdf


WRITER_DOC = """<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
 xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
 xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2"
 office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls><style:font-face style:name="F" svg:font-family="'%s'"/></office:font-face-decls>
<office:styles><style:default-style style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.2cm"/>
<style:text-properties style:font-name="F" fo:font-size="11pt" fo:language="fr" fo:country="FR"/></style:default-style></office:styles>
<office:automatic-styles><style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21cm"
 fo:page-height="29.7cm" fo:margin-top="2.5cm" fo:margin-bottom="2.5cm" fo:margin-left="2.5cm" fo:margin-right="2.5cm"/>
</style:page-layout><style:style style:name="P" style:family="paragraph"/><style:style style:name="B"
 style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style></office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1"/></office:master-styles>
<office:body><office:text>%s</office:text></office:body></office:document>
"""


OT1 = "\\usepackage[utf8]{inputenc}"
T1 = "\\usepackage[T1]{fontenc}\\usepackage[utf8]{inputenc}"
XE = "\\usepackage{fontspec}\\setmainfont{Latin Modern Roman}"
XE_ACC = lambda p: split_accents(tex_escape(p), xe_accent)  # noqa: E731

# name, encoding, generator, separate accents, builder(pages, name) -> pdf
SETUPS = [
    ("ot1-cm-pdftex", "OT1", "pdfTeX", True, lambda ps, n: tex("pdflatex", tex_doc(ps, OT1), n)),
    ("ot1-lm-pdftex", "OT1", "pdfTeX", True, lambda ps, n: tex("pdflatex", tex_doc(ps, OT1 + "\\usepackage{lmodern}"), n)),
    ("ot1-times-pdftex", "OT1", "pdfTeX", True, lambda ps, n: tex("pdflatex", tex_doc(ps, OT1 + "\\usepackage{mathptmx}"), n)),
    ("ot1-palatino-pdftex", "OT1", "pdfTeX", True, lambda ps, n: tex("pdflatex", tex_doc(ps, OT1 + "\\usepackage{mathpazo}"), n)),
    ("ot1-cm-dvips-gs", "OT1", "dvips+Ghostscript", True, lambda ps, n: tex("latex", tex_doc(ps, OT1), n, dvips=True)),
    ("ot1-cm-pdftex-gs", "OT1", "pdfTeX+Ghostscript", True, lambda ps, n: gs_redistill(tex("pdflatex", tex_doc(ps, OT1), n + "-src"), n)),
    ("t1-lm-pdftex", "T1", "pdfTeX", False, lambda ps, n: tex("pdflatex", tex_doc(ps, T1 + "\\usepackage{lmodern}"), n)),
    ("t1-times-pdftex", "T1", "pdfTeX", False, lambda ps, n: tex("pdflatex", tex_doc(ps, T1 + "\\usepackage{mathptmx}"), n)),
    ("t1-lm-dvips-gs", "T1", "dvips+Ghostscript", False, lambda ps, n: tex("latex", tex_doc(ps, T1 + "\\usepackage{lmodern}"), n, dvips=True)),
    ("ly1-times-pdftex", "LY1", "pdfTeX", False, lambda ps, n: tex("pdflatex", tex_doc(ps, "\\usepackage[LY1]{fontenc}\\usepackage[utf8]{inputenc}\\usepackage{mathptmx}"), n)),
    ("tu-lm-xetex", "TU", "XeTeX", False, lambda ps, n: tex("xelatex", tex_doc(ps, XE), n)),
    ("tu-lm-xetex-accent", "TU", "XeTeX", True, lambda ps, n: tex("xelatex", tex_doc(ps, XE, XE_ACC), n)),
    ("tu-lm-luatex", "TU", "LuaTeX", False, lambda ps, n: tex("lualatex", tex_doc(ps, XE), n)),
    ("tu-lm-luatex-accent", "TU", "LuaTeX", True, lambda ps, n: tex("lualatex", tex_doc(ps, XE, XE_ACC), n)),
    ("groff-pdf", "groff", "gropdf", False, lambda ps, n: groff(ps, n)),
    ("groff-ps-gs", "groff", "grops+Ghostscript", False, lambda ps, n: groff(ps, n, ps=True)),
    ("groff-pdf-overstrike", "groff", "gropdf", True, lambda ps, n: groff(ps, n, overstrike=True)),
    ("groff-ps-gs-overstrike", "groff", "grops+Ghostscript", True, lambda ps, n: groff(ps, n, ps=True, overstrike=True)),
    ("tt-dejavu-writer", "TrueType", "LibreOffice", False, lambda ps, n: writer(ps, n, "DejaVu Serif", "DejaVuSerif")),
    ("tt-dejavu-writer-combining", "TrueType", "LibreOffice", False, lambda ps, n: writer(ps, n, "DejaVu Serif", "DejaVuSerif", True)),
    ("t1-lm-writer", "Type 1", "LibreOffice", False, lambda ps, n: writer(ps, n, "Latin Modern Roman", "LMRoman")),
    ("t1-lm-writer-combining", "Type 1", "LibreOffice", False, lambda ps, n: writer(ps, n, "Latin Modern Roman", "LMRoman", True)),
]

BREAKS = {"R": None, "S+1": 1, "S-29": -29}


def shift_text(u, k):
    return "".join(c if c.isspace() else chr(max(1, ord(c) + k)) for c in u)


def break_pdf(src, dst, variant):
    """Every font of the document broken once (fonts are shared between pages), as codemap-long/break.py does."""
    pdf = pikepdf.open(src)
    merged, objs = {}, {}
    for page in pdf.pages:
        codes, fo = pc.page_font_codes(page)
        objs.update(fo)
        for k, lst in codes.items():
            have = merged.setdefault(k, [])
            have.extend(c for c in lst if c not in have)
    n = 0
    for key, lst in merged.items():
        font = objs[key]
        nb = pc.font_nbytes(font)
        true, _ = pc.font_true_unicode(font)
        if nb == 1:
            # a partial ToUnicode (gropdf maps its ligatures only): the glyph names say the other codes
            names = {c: pc.glyph_to_unicode(n) for c, n in pc.simple_font_names(font).items()}
            true = {**{c: u for c, u in names.items() if u is not None}, **(true or {})}
        if nb is None or not true:
            continue
        k = BREAKS[variant]
        mapping = {}
        for c in (range(256) if nb == 1 else lst):
            u = true.get(c)
            if u is None:
                continue
            u = unicodedata.normalize("NFKC", u) if any(0xFB00 <= ord(x) <= 0xFB06 for x in u) else u
            mapping[c] = pc.reflect_text(u) if k is None else shift_text(u, k)
        font.ToUnicode = pdf.make_stream(pc.make_tounicode(mapping, nb))
        n += 1
    pdf.save(dst)
    return n


only = set(sys.argv[3:])
meta = {}
for i, (name, enc, gen, separate, build) in enumerate(SETUPS):
    if only and name not in only:
        continue
    pages = [STUDY[(2 * i) % len(STUDY)], STUDY[(2 * i + 1) % len(STUDY)], CHECK[(2 * i) % len(CHECK)], CHECK[(2 * i + 1) % len(CHECK)]]
    try:
        pdf = build(pages, name)
    except Exception as e:  # noqa: BLE001 - a missing tool or package skips the set-up
        print("skip", name, str(e)[:300])
        continue
    orig = os.path.join(out, "orig", name + ".pdf")
    shutil.copy(pdf, orig)
    np_ = len(pikepdf.open(orig).pages)
    if np_ != 4:
        print("skip", name, "has", np_, "pages, not 4")
        continue
    for v in BREAKS:
        fonts = break_pdf(orig, os.path.join(out, "broken", "%s-%s.pdf" % (name, v)), v)
        print(name, v, fonts, "fonts broken")
    meta[name] = {"encoding": enc, "generator": gen, "separateAccents": separate, "study": [1, 2], "check": [3, 4]}
old = json.load(open(os.path.join(out, "setups.json"))) if only and os.path.exists(os.path.join(out, "setups.json")) else {}
old.update(meta)
json.dump(old, open(os.path.join(out, "setups.json"), "w"), indent=1)
