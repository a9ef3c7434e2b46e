// The third-party set (`latex-eval.mjs --set dref`): French prose of a real system-administration manual, Debian's
// "Référence Debian" (package debian-reference-fr, GPL; read from the installed HTML at run time, never copied into the
// repository), typeset in the French layouts of the technical set. Unlike texts-tech.mjs, nobody here wrote this
// text or chose its words, so it checks the post-pass on vocabulary it has never been tuned on.
// DREF=<folder> reads the chapters from another folder; DREF_WORDS=<n> sets the size (default 4000 words).
import { readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { finish, layouts } from './tech-docs.mjs'

const DIR = process.env.DREF ?? '/usr/share/debian-reference'
const WORDS = Number(process.env.DREF_WORDS ?? 4000)
const CHAPTERS = ['ch02', 'ch01', 'ch03', 'ch04', 'ch09', 'ch10', 'ch05', 'ch06', 'ch07', 'ch08', 'ch11', 'ch12']

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
const decode = (s) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&(\w+);/g, (m, n) => ENTITIES[n] ?? m)

// Characters pdflatex's utf8 input and T1 fonts set without extra packages; a paragraph with any other is left out.
const SETTABLE = /^[\p{Script=Latin}\d\s.,;:!?'’()«»"“”\-–—…/@=+*%#_&$~|<>[\]]+$/u
// French paragraphs only: the manual leaves some untranslated English paragraphs.
const FRENCH = /\b(le|la|les|des|est|une|pour|dans|avec|vous)\b/gi

/** Prose paragraphs of the manual, inline code marked `...` (set in the typewriter font where a layout says so). */
export function blocks() {
  const out = []
  let words = 0
  for (const ch of CHAPTERS) {
    const file = join(DIR, `${ch}.fr.html`)
    if (!existsSync(file)) continue
    const html = readFileSync(file, 'utf8')
    for (const [, inner] of html.matchAll(/<p>(.*?)<\/p>/gs)) {
      const text = decode(inner.replace(/<code[^>]*>(.*?)<\/code>/gs, (_, c) => (c.includes('`') || c.includes('<') ? c : `\`${c}\``)).replace(/<[^>]+>/g, ''))
        .replace(/\s+/g, ' ')
        .trim()
      const n = text.split(' ').length
      // Tokens longer than a narrow measure (addresses) run off the page in the typewriter layouts, which never break them.
      if (n < 25 || !SETTABLE.test(text.replace(/`/g, '')) || /[\\{}^]/.test(text) || /\S{36}/.test(text)) continue
      if ((text.match(FRENCH) ?? []).length < n / 12) continue
      out.push(text)
      words += n
      if (words >= WORDS) return out
    }
  }
  return out
}

/** The documents: the technical set's French layouts over the manual's prose; none when it is not installed. */
export function docs() {
  const fr = blocks()
  if (fr.length === 0) {
    console.log(`latex-eval --set dref: no chapters in ${DIR} (apt-get install debian-reference-fr)`)
    return []
  }
  // babel's French spacing only where the text has a space before the sign: `http://`, `i!~M` stay as written.
  const specs = layouts(fr, []).filter((s) => s.lang === 'fra')
  return finish(specs.map((s) => ({ ...s, extra: `${s.extra ?? ''}\\frenchsetup{AutoSpacePunctuation=false}` })))
}
