// The LaTeX layouts: each a complete .tex built from the texts, with the truth it typesets (source words, footnote
// texts, running heads and feet). Real TeX hyphenation (babel's French and English patterns), real fonts.
import { FRENCH_ADMIN, FRENCH_PROSE, FRENCH_NOTICE } from './texts-fr.mjs'
import { ENGLISH } from './texts-en.mjs'

/**
 * Splits the texts into LaTeX and truth. A block "## x" is a heading; "word{{note}}" puts a footnote after word.
 * Footnotes are numbered from 1 through the document (LaTeX's article numbering); a word carrying a note mark is
 * expected as word + number (as the PDF draws the superscript right after it).
 */
export function build(blocks, markup = (t) => t) {
  const words = []
  const starts = [] // each block's first words (headings and paragraphs), to check paragraph breaks
  const notes = []
  const tex = []
  for (const b of blocks) {
    if (b.startsWith('## ')) {
      const t = b.slice(3)
      words.push(...t.split(/\s+/))
      starts.push(t)
      tex.push(`\\subsection*{${t}}`)
      continue
    }
    // `code`: the truth drops the backquotes, the LaTeX source sets the code as the layout asks (see tech-docs.mjs).
    const body = b.replace(/(\S*?)\{\{(.*?)\}\}(\S*)/g, (_, w, note, tail) => {
      notes.push(note)
      return `${w}\u0001${notes.length}\u0002${note}\u0003${tail}`
    })
    starts.push(b.replace(/\{\{.*?\}\}/g, ''))
    for (const w of body.split(/\s+(?![^\u0002]*\u0003)/)) {
      // A word with a note: the word, the note's number, what follows the word (punctuation).
      const m = /^(.*?)\u0001(\d+)\u0002.*\u0003(.*)$/s.exec(w)
      words.push((m ? `${m[1]}${m[2]}${m[3]}` : w).replace(/`/g, ''))
    }
    tex.push(markup(body).replace(/\u0001\d+\u0002(.*?)\u0003/gs, (_, note) => `\\footnote{${note}}`))
  }
  const paras = blocks.filter((b) => !b.startsWith('## ')).map((b) => b.replace(/\{\{.*?\}\}/g, '').replace(/`/g, ''))
  return {
    words: words.filter(Boolean),
    starts: starts.map((t) => t.replace(/`/g, '')),
    paras,
    notes: notes.map((n, i) => `${i + 1} ${n}`),
    tex: tex.join('\n\n'),
  }
}

export const PRE = (opts) => `\\documentclass[${opts.cls ?? '10pt'}]{article}
\\usepackage[utf8]{inputenc}
${opts.fontenc === false ? '' : '\\usepackage[T1]{fontenc}'}
${opts.fonts ?? ''}
\\usepackage[${opts.lang === 'eng' ? 'english' : 'french'}]{babel}
\\usepackage[${opts.geometry}]{geometry}
\\usepackage{fancyhdr}
\\pagestyle{fancy}
\\fancyhf{}
${opts.running}
${opts.extra ?? ''}
\\AtEndDocument{\\label{LastPage}}
\\begin{document}
`

/** The documents: name, language, LaTeX source, truth. */
export function docs() {
  const specs = [
    {
      name: 'times-a5-arretes',
      lang: 'fra',
      blocks: FRENCH_ADMIN,
      fonts: '\\usepackage{times}',
      geometry: 'a5paper,hmargin=18mm,vmargin=20mm',
      running:
        '\\fancyhead[L]{Commune de Saint-Martin-des-Landes}\\fancyhead[R]{Recueil des actes administratifs}\\fancyfoot[C]{Page \\thepage\\ sur \\pageref{LastPage}}',
      heads: ['Commune de Saint-Martin-des-Landes', 'Recueil des actes administratifs'],
      numbers: /Page \d+ sur \d+/g,
    },
    {
      name: 'helvet-twocolumn',
      lang: 'fra',
      blocks: [...FRENCH_ADMIN, ...FRENCH_NOTICE],
      cls: '10pt,twocolumn',
      fonts: '\\usepackage[scaled=0.92]{helvet}\\renewcommand{\\familydefault}{\\sfdefault}',
      geometry: 'a4paper,hmargin=18mm,vmargin=22mm,columnsep=7mm',
      running: "\\fancyhead[L]{Bulletin municipal d'information}\\fancyhead[R]{Printemps}\\fancyfoot[C]{\\thepage}",
      heads: ["Bulletin municipal d'information", 'Printemps'],
    },
    {
      name: 'cm-t1-book',
      lang: 'fra',
      blocks: [...FRENCH_PROSE, ...FRENCH_NOTICE, ...FRENCH_ADMIN],
      cls: '11pt,twoside',
      fonts: '',
      geometry: 'a5paper,inner=16mm,outer=20mm,vmargin=20mm',
      running: "\\fancyhead[LE,RO]{\\thepage}\\fancyhead[RE]{Chroniques d'une commune rurale}\\fancyhead[LO]{Le registre oublié}",
      heads: ["Chroniques d'une commune rurale", 'Le registre oublié'],
    },
    {
      name: 'times-multicol',
      lang: 'fra',
      blocks: [...FRENCH_NOTICE, ...FRENCH_ADMIN],
      fonts: '\\usepackage{times}\\usepackage{multicol}',
      geometry: 'a4paper,hmargin=22mm,vmargin=25mm',
      body: (t) => `\\begin{multicols}{2}\n${t}\n\\end{multicols}`,
      running: '\\fancyhead[L]{Département de Seine-et-Marne}\\fancyhead[R]{Bulletin des actes}\\fancyfoot[C]{\\thepage/\\pageref{LastPage}}',
      heads: ['Département de Seine-et-Marne', 'Bulletin des actes'],
      numbers: /\b\d+\/\d+\b/g,
    },
    {
      name: 'palatino-narrow',
      lang: 'fra',
      blocks: [...FRENCH_NOTICE, ...FRENCH_PROSE, ...FRENCH_ADMIN.slice(0, 10)],
      fonts: '\\usepackage{palatino}',
      geometry: 'a5paper,textwidth=52mm,vmargin=18mm',
      running: '\\fancyhead[C]{Avis et chroniques}\\fancyfoot[C]{--- \\thepage\\ ---}',
      heads: ['Avis et chroniques'],
    },
    {
      name: 'english-charter',
      lang: 'eng',
      blocks: ENGLISH,
      fonts: '\\usepackage{charter}',
      geometry: 'a5paper,hmargin=20mm,vmargin=20mm',
      running: '\\fancyhead[L]{County Records Committee}\\fancyhead[R]{Annual Report}\\fancyfoot[R]{Page \\thepage\\ of \\pageref{LastPage}}',
      heads: ['County Records Committee', 'Annual Report'],
      numbers: /Page \d+ of \d+/g,
    },
    {
      name: 'english-twocolumn-11pt',
      lang: 'eng',
      blocks: ENGLISH,
      cls: '11pt,twocolumn',
      fonts: '\\usepackage{mathptmx}',
      geometry: 'a4paper,hmargin=20mm,vmargin=25mm',
      running: '\\fancyhead[L]{Records Committee}\\fancyhead[R]{\\thepage}',
      heads: ['Records Committee'],
    },
    {
      name: 'english-cm-narrow',
      lang: 'eng',
      blocks: ENGLISH,
      fonts: '',
      geometry: 'a5paper,textwidth=60mm,vmargin=18mm',
      running: '\\fancyhead[R]{Records Committee}\\fancyfoot[C]{\\thepage}',
      heads: ['Records Committee'],
    },
  ]
  return specs.map((s) => {
    const b = build(s.blocks)
    return {
      ...s,
      tex: `${PRE(s)}${s.body ? s.body(b.tex) : b.tex}\n\\end{document}\n`,
      truth: { words: b.words, starts: b.starts, paras: b.paras, notes: b.notes, heads: s.heads, numbers: s.numbers },
    }
  })
}
