// The technical-manual set (`latex-eval.mjs --set tech`): the text of texts-tech.mjs in six layouts, typeset to break
// many words. Low \hyphenpenalty and \exhyphenpenalty and narrow measures make TeX break plain words by its patterns
// and compounds at their own hyphen (apt-|get), as manuals set in narrow columns do.
import { build, PRE } from './docs.mjs'
import { FRENCH_TECH, ENGLISH_TECH } from './texts-tech.mjs'

/** Escapes for LaTeX: `_`, `~`, `#`, `%`, `&`, `$`, and `--` kept from becoming an en dash. */
const esc = (s) =>
  s
    .replace(/[_#%&$]/g, (c) => `\\${c}`)
    .replace(/~/g, '\\textasciitilde{}')
    .replace(/--/g, '-{}-')

/** Code set in the typewriter font (which never breaks a word), or left in the text font (which does). */
const tt = (t) => esc(t).replace(/`([^`]*)`/g, (_, c) => `\\texttt{${c}}`)
const roman = (t) => esc(t).replace(/`/g, '')

/** Breaks cheap (TeX's defaults are 50 for both): many line-end hyphens a page. */
const LOOSE = '\\hyphenpenalty=10 \\exhyphenpenalty=10 \\emergencystretch=1em'

/** The layouts of the set, for French and English blocks (dref-docs.mjs sets other French text in them). */
export function layouts(FRENCH_TECH, ENGLISH_TECH) {
  return [
    {
      name: 'tech-fr-times-narrow',
      lang: 'fra',
      blocks: FRENCH_TECH,
      markup: roman,
      fonts: '\\usepackage{times}',
      geometry: 'a5paper,textwidth=56mm,vmargin=18mm',
      running: "\\fancyhead[L]{Manuel de l'administrateur}\\fancyfoot[C]{Page \\thepage\\ sur \\pageref{LastPage}}",
      heads: ["Manuel de l'administrateur"],
      extra: LOOSE,
    },
    {
      name: 'tech-fr-cm-tt',
      lang: 'fra',
      blocks: FRENCH_TECH,
      markup: tt,
      fonts: '',
      geometry: 'a5paper,textwidth=72mm,vmargin=18mm',
      running: '\\fancyhead[R]{Administration système}\\fancyfoot[C]{\\thepage}',
      heads: ['Administration système'],
      extra: LOOSE,
    },
    {
      name: 'tech-fr-palatino-twocolumn',
      lang: 'fra',
      blocks: FRENCH_TECH,
      markup: roman,
      cls: '10pt,twocolumn',
      fonts: '\\usepackage{palatino}',
      geometry: 'a4paper,hmargin=22mm,vmargin=24mm,columnsep=8mm',
      running: '\\fancyhead[L]{Guide de référence}\\fancyhead[R]{\\thepage}',
      heads: ['Guide de référence'],
      extra: '\\hyphenpenalty=25 \\exhyphenpenalty=25',
    },
    {
      name: 'tech-fr-helvet-courier',
      lang: 'fra',
      blocks: FRENCH_TECH,
      markup: tt,
      fonts: '\\usepackage[scaled=0.92]{helvet}\\renewcommand{\\familydefault}{\\sfdefault}\\usepackage{courier}',
      geometry: 'a5paper,textwidth=62mm,vmargin=18mm',
      running: '\\fancyhead[C]{Serveurs et postes de travail}\\fancyfoot[R]{\\thepage}',
      heads: ['Serveurs et postes de travail'],
      extra: LOOSE,
    },
    {
      name: 'tech-en-times-narrow',
      lang: 'eng',
      blocks: ENGLISH_TECH,
      markup: roman,
      fonts: '\\usepackage{times}',
      geometry: 'a5paper,textwidth=54mm,vmargin=18mm',
      running: "\\fancyhead[L]{Administrator's Handbook}\\fancyfoot[C]{Page \\thepage\\ of \\pageref{LastPage}}",
      heads: ["Administrator's Handbook"],
      extra: LOOSE,
    },
    {
      name: 'tech-en-cm-tt',
      lang: 'eng',
      blocks: ENGLISH_TECH,
      markup: tt,
      fonts: '',
      geometry: 'a5paper,textwidth=64mm,vmargin=18mm',
      running: '\\fancyhead[R]{System Administration}\\fancyfoot[C]{\\thepage}',
      heads: ['System Administration'],
      extra: LOOSE,
    },
  ]
}

/** Each layout's LaTeX source and truth (as docs.mjs). */
export function finish(specs) {
  return specs.map((s) => {
    const b = build(s.blocks, s.markup)
    return {
      ...s,
      tex: `${PRE(s)}${b.tex}\n\\end{document}\n`,
      truth: { words: b.words, starts: b.starts, paras: b.paras, notes: b.notes, heads: s.heads, numbers: s.numbers },
    }
  })
}

/** The documents: name, language, LaTeX source, truth. */
export const docs = () => finish(layouts(FRENCH_TECH, ENGLISH_TECH))
