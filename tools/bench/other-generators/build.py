#!/usr/bin/python3
"""Builds a French document with six other generators than the corpus's (pdfTeX/dvips), then breaks each with the
corpus tools' variants, to check the repairs on fonts the corpus does not hold.

    /usr/bin/python3 build.py CORPUS_TOOLS OUT_DIR [SOURCE.pdf]

Writes OUT_DIR/orig/<name>.pdf and OUT_DIR/broken/<name>-<A|B|C>.pdf. Generators: XeTeX (DejaVu TrueType, Type0),
LuaTeX (Latin Modern OpenType CFF, Type0), pdfTeX with Times (URW Type 1), Chromium (Skia, TrueType Type0), groff
(gropdf, standard fonts not embedded), ReportLab (embedded TrueType subsets; and the standard fonts). The text is the
prose of pages 30-45 of the French LaTeX manual (Debian's texlive-lang-french), NFC. Variant C needs an embedded
program for simple fonts: groff and ReportLab documents get A and B only. Needs xelatex, lualatex, pdflatex
(texlive-xetex, texlive-luatex, texlive-latex-recommended), chromium, groff, python3-reportlab, python3-pikepdf and
python3-fonttools; a generator missing is skipped with a message.
"""
import html
import os
import re
import shutil
import subprocess
import sys
import unicodedata

tools, out = sys.argv[1], sys.argv[2]
src = sys.argv[3] if len(sys.argv) > 3 else "/usr/share/doc/texlive-doc/latex/latex2e-help-texinfo-fr/latex2e-fr.pdf"
here = os.path.dirname(os.path.abspath(__file__))
work = os.path.join(out, "work")
for d in ("orig", "broken", "work"):
    os.makedirs(os.path.join(out, d), exist_ok=True)

text = subprocess.run(["pdftotext", "-f", "30", "-l", "45", src, "-"], capture_output=True, text=True, check=True).stdout
paras = [re.sub(r"\s+", " ", p).strip() for p in re.split(r"\n\s*\n", unicodedata.normalize("NFC", text))]
paras = [p for p in paras if len(p) > 200 and sum(c.isalpha() for c in p) / len(p) > 0.75]
heading = "Règles générales, partie {}"


def marked(words, em, tt, bf):
    """A few words in italic, monospace and bold: every document gets four or five fonts."""
    if len(words) > 12:
        words[3], words[8], words[11] = em(words[3]), tt(words[8]), bf(words[11])
    return " ".join(words)


def tex_escape(p):
    p = p.replace("\\", "\0")
    for a, b in [("{", "\\{"), ("}", "\\}"), ("$", "\\$"), ("&", "\\&"), ("#", "\\#"), ("_", "\\_"), ("%", "\\%"), ("^", "\\^{}"), ("~", "\\~{}")]:
        p = p.replace(a, b)
    return p.replace("\0", "\\textbackslash{}")


def tex_body():
    body = []
    for i, p in enumerate(paras):
        if i % 5 == 0:
            body.append("\\section{%s}" % heading.format(i // 5 + 1))
        body.append(marked(tex_escape(p).split(" "), lambda w: "\\emph{%s}" % w, lambda w: "\\texttt{%s}" % w, lambda w: "\\textbf{%s}" % w) + "\n")
    return "\n".join(body)


PREAMBLES = {
    "xe": ("xelatex", "\\usepackage{fontspec}\\setmainfont{DejaVu Serif}\\setsansfont{DejaVu Sans}\\setmonofont{DejaVu Sans Mono}"),
    "lua": ("lualatex", "\\usepackage{fontspec}"),
    "ptm": ("pdflatex", "\\usepackage[T1]{fontenc}\\usepackage[utf8]{inputenc}\\usepackage{mathptmx}\\usepackage{courier}"),
}


def build_tex(name):
    engine, pre = PREAMBLES[name]
    tex = os.path.join(work, name + ".tex")
    with open(tex, "w") as f:
        f.write("\\documentclass{article}%s\\usepackage[french]{babel}\\begin{document}\n%s\\end{document}\n" % (pre, tex_body()))
    subprocess.run([engine, "-interaction=nonstopmode", name + ".tex"], cwd=work, capture_output=True, timeout=600)
    return os.path.join(work, name + ".pdf")


def build_chromium(name):
    parts = ['<!doctype html><html lang="fr"><meta charset="utf-8"><style>body{font-family:"DejaVu Serif",serif;font-size:11pt;'
             'margin:2cm}h2{font-family:"DejaVu Sans",sans-serif}code{font-family:"DejaVu Sans Mono",monospace}</style><body>']
    for i, p in enumerate(paras):
        if i % 5 == 0:
            parts.append("<h2>%s</h2>" % heading.format(i // 5 + 1))
        parts.append("<p>%s</p>" % marked(html.escape(p).split(" "), lambda w: "<em>%s</em>" % w, lambda w: "<code>%s</code>" % w, lambda w: "<b>%s</b>" % w))
    page = os.path.join(work, name + ".html")
    with open(page, "w") as f:
        f.write("\n".join(parts) + "</body></html>")
    pdf = os.path.join(work, name + ".pdf")
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", "--print-to-pdf=" + pdf, "file://" + page],
                   capture_output=True, timeout=300)
    return pdf


def build_groff(name):
    lines = [".ll 6i"]
    for i, p in enumerate(paras):
        if i % 5 == 0:
            lines += [".SH", heading.format(i // 5 + 1)]
        lines += [".PP", p.replace("\\", "\\\\").replace("'", "\\(aq")]
    pdf = os.path.join(work, name + ".pdf")
    pre = subprocess.run(["preconv", "-e", "utf-8"], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True).stdout
    with open(pdf, "wb") as f:
        f.write(subprocess.run(["groff", "-ms", "-Tpdf", "-P-pa4"], input=pre.encode(), capture_output=True, check=True).stdout)
    return pdf


def build_reportlab(name):
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    if name == "rl":
        pdfmetrics.registerFont(TTFont("Body", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"))
        pdfmetrics.registerFont(TTFont("Head", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))
        body, head = "Body", "Head"
    else:
        body, head = "Times-Roman", "Helvetica-Bold"
    b = ParagraphStyle("b", fontName=body, fontSize=10.5, leading=14)
    h = ParagraphStyle("h", fontName=head, fontSize=14, leading=20)
    story = []
    for i, p in enumerate(paras):
        if i % 5 == 0:
            story.append(Paragraph(heading.format(i // 5 + 1), h))
        story.append(Paragraph(html.escape(p, quote=False), b))
    pdf = os.path.join(work, name + ".pdf")
    SimpleDocTemplate(pdf, pagesize=A4).build(story)
    return pdf


GENERATORS = [("xe", build_tex, "ABC"), ("lua", build_tex, "ABC"), ("ptm", build_tex, "ABC"), ("chromium-fr", build_chromium, "ABC"),
              ("groff-fr", build_groff, "AB"), ("rl", build_reportlab, "AB"), ("rl14", build_reportlab, "AB")]
for name, build, variants in GENERATORS:
    try:
        pdf = build(name)
        if not os.path.exists(pdf) or os.path.getsize(pdf) == 0:
            raise RuntimeError("no output")
    except Exception as e:  # a generator not installed: the others still measure
        print(f"{name}: not built ({e}); skipped")
        continue
    orig = os.path.join(out, "orig", name + ".pdf")
    shutil.copy(pdf, orig)
    for v in variants:
        broken = os.path.join(out, "broken", f"{name}-{v}.pdf")
        r = subprocess.run(["/usr/bin/python3", os.path.join(here, "..", "codemap-long", "break.py"), tools, orig, broken, v], capture_output=True, text=True)
        print(f"{name}-{v}: {(r.stdout or r.stderr).strip().splitlines()[-1]}")
