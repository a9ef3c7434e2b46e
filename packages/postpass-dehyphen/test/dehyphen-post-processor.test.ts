import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { DocumentText } from '@pdftriage/core'
import plugin, { createDehyphen, dehyphenOptionsSchema } from '../src/index.js'
import { column, doc, lineItems, page } from './helpers.js'

const PAGE1 = [
  'Le conseil municipal a examiné le projet du gou-',
  'vernement, et il a décidé de le soumettre aux habitants',
  'qui pourront peut-',
  'être le consulter en mairie pendant toute la durée de',
  "l'enquête publique, c'est-à-",
  "dire jusqu'à la fin du mois de mars prochain.",
  '',
  'La commune compte dix-',
  'huit agents et un porte-parole chargé des relations avec',
  'la presse. Le gouvernement a été informé de la situa\u00ad',
  'tion par courrier, et le gouvernement a répondu que le',
]
const PAGE2 = ['dossier serait examiné dans les meilleurs délais.']

function twoPages(): DocumentText {
  const running = (n: number) => [...lineItems('Rapport annuel de la commune', 40, 40, 9), ...lineItems(`- ${n} -`, 190, 570, 9)]
  return doc([
    page(1, [...running(1), ...column(PAGE1, { lastShort: new Set([5]) })]),
    page(2, [...running(2), ...column(PAGE2, { lastShort: new Set([0]) }), ...lineItems('1 Voir la délibération du conseil.', 40, 500, 7)]),
  ])
}

const run = (d: DocumentText, o = {}) => createDehyphen(dehyphenOptionsSchema.parse(o)).process(d) as DocumentText

test('the default export is a postprocess factory named dehyphen with strict options', () => {
  assert.equal(plugin.kind, 'postprocess')
  assert.equal(plugin.name, 'dehyphen')
  assert.equal(plugin.optionsSchema.parse({}).headerFooter, 'keep-once')
  assert.throws(() => plugin.optionsSchema.parse({ nope: 1 }))
  assert.throws(() => plugin.optionsSchema.parse({ footnotes: 'sideways' }))
})

test('joins plain breaks, keeps compound hyphens, drops soft hyphens', () => {
  const out = run(twoPages())
  const body = out.paragraphs!.filter((p) => p.kind === 'body').map((p) => p.text)
  assert.equal(
    body[0],
    "Le conseil municipal a examiné le projet du gouvernement, et il a décidé de le soumettre aux habitants qui pourront peut-être le consulter en mairie pendant toute la durée de l'enquête publique, c'est-à-dire jusqu'à la fin du mois de mars prochain.",
  )
  assert.match(body[1]!, /compte dix-huit agents et un porte-parole/)
  assert.match(body[1]!, /de la situation par courrier/)
  assert.ok(!out.text!.includes('\u00ad'))
})

test('a paragraph running over a page break is joined, with both pages in its map', () => {
  const out = run(twoPages())
  const p = out.paragraphs!.find((x) => x.text.startsWith('La commune'))!
  assert.deepEqual(p.pages, [1, 2])
  assert.match(p.text, /le gouvernement a répondu que le dossier serait examiné/)
})

test('running header kept once at the start, page numbers dropped, footnote moved to the end', () => {
  const out = run(twoPages())
  const ps = out.paragraphs!
  assert.deepEqual(ps[0], { text: 'Rapport annuel de la commune', pages: [1, 2], kind: 'header' })
  assert.equal(ps.filter((p) => p.text.includes('Rapport annuel')).length, 1)
  assert.ok(!/- \d -/.test(out.text!))
  assert.deepEqual(ps[ps.length - 1], { text: '1 Voir la délibération du conseil.', pages: [2], kind: 'footnote' })
  assert.equal(out.text, out.text!.normalize('NFC'))
  assert.equal(out.text, ps.map((p) => p.text).join('\n\n'))
})

test('headerFooter drop and footnotes drop remove them', () => {
  const out = run(twoPages(), { headerFooter: 'drop', footnotes: 'drop' })
  assert.ok(!out.text!.includes('Rapport annuel'))
  assert.ok(!out.text!.includes('Voir la délibération'))
  assert.ok(out.paragraphs!.every((p) => p.kind !== 'header' && p.kind !== 'footnote'))
})

test('does not mutate its input and keeps the pages', () => {
  const d = twoPages()
  const before = structuredClone(d)
  const out = run(d)
  assert.deepEqual(d, before)
  assert.equal(out.pages, d.pages)
  assert.ok(out.notes!.some((n) => n.includes('line-end hyphens')))
})

test('two columns are read left then right (XY-cut), OCR word items of justified lines get their spaces', () => {
  const left = ['Premier paragraphe de la colonne', 'de gauche qui continue ici et', 'se termine enfin ici.']
  const right = ['Second paragraphe de la colonne', 'de droite qui continue aussi et', 'se termine là.']
  const items = [
    ...column(left, { x: 40, width: 170, words: true, lastShort: new Set([2]) }),
    ...column(right, { x: 300, width: 170, words: true, lastShort: new Set([2]) }),
  ]
  const out = run(doc([page(1, items, 560, 600)]))
  assert.equal(
    out.text,
    'Premier paragraphe de la colonne de gauche qui continue ici et se termine enfin ici.\n\nSecond paragraphe de la colonne de droite qui continue aussi et se termine là.',
  )
})

test('a short line without final punctuation is a line break; a larger font is a heading', () => {
  const items = [
    ...lineItems('Article premier', 40, 92, 14),
    ...column(['Monsieur Jean Dupont', 'Rue de la Gare', 'Le présent arrêté sera affiché en mairie et publié au', 'recueil des actes administratifs.'], {
      top: 100,
      lastShort: new Set([0, 1, 3]),
    }),
  ]
  const out = run(doc([page(1, items)]))
  assert.deepEqual(
    out.paragraphs!.map((p) => p.kind),
    ['heading', 'body'],
  )
  assert.equal(
    out.paragraphs![1]!.text,
    'Monsieur Jean Dupont\nRue de la Gare\nLe présent arrêté sera affiché en mairie et publié au recueil des actes administratifs.',
  )
})

test('an empty document gives no paragraphs and empty text', () => {
  const out = run(doc([page(1, [])]))
  assert.deepEqual(out.paragraphs, [])
  assert.equal(out.text, '')
})

test('footnotes kept in place follow the paragraph that ends their page', () => {
  const out = run(twoPages(), { footnotes: 'keep', headerFooter: 'drop' })
  assert.deepEqual(
    out.paragraphs!.map((p) => p.kind),
    ['body', 'body', 'footnote'],
  )
  const single = run(
    doc([
      page(1, [...column(['Un texte court qui finit ici.'], { lastShort: new Set([0]) }), ...lineItems('1 Une note.', 40, 500, 7)]),
      page(2, column(['Suite du document sur la page deux.'], { lastShort: new Set([0]) })),
    ]),
    { footnotes: 'keep' },
  )
  assert.deepEqual(
    single.paragraphs!.map((p) => p.text),
    ['Un texte court qui finit ici.', '1 Une note.', 'Suite du document sur la page deux.'],
  )
})

test('OCR word boxes without sizes, heights following their letters, make one paragraph', () => {
  const lines = ['Le maire de la commune a rappelé que les', 'travaux de voirie commenceront au début du', 'printemps, dès que le temps le permettra.']
  const items = column(lines, { words: true, lastShort: new Set([2]) }).map((it) => {
    const base = it.bbox.y1 - 2 // the helper's boxes go 2 pt under the baseline
    const top = /[A-Zbdfhiklté']/.test(it.text) ? base - 7 : base - 5 // capitals and ascenders reach higher
    const bottom = /[gjpqy,]/.test(it.text) ? base + 2 : base
    return { text: it.text, bbox: { ...it.bbox, y0: top, y1: bottom }, confidence: 0.9, ...(it.hasEol ? { hasEol: true } : {}) }
  })
  const out = run(doc([{ ...page(1, items), source: 'ocr' }]))
  assert.deepEqual(
    out.paragraphs!.map((p) => p.kind),
    ['body'],
  )
  assert.equal(out.text, lines.join(' '))
})

test('two columns 10 pt apart, one run a column line (as pdfTeX writes them), are read column by column', () => {
  // LaTeX's default column gap: 10 pt, an em at 10 pt. Baselines of the two columns line up, so each row holds the
  // left column's line and the right one's, separated by the gap only.
  const left = [
    'Le conseil municipal a examiné le projet',
    'de délibération présenté par le maire et',
    'relatif à la rénovation des écoles de la',
    'commune, puis il a voté les crédits.',
  ]
  const right = [
    'Les travaux commenceront au printemps et',
    'dureront deux ans selon le calendrier fixé',
    'par les services techniques de la ville et',
    'les parents seront informés en mairie.',
  ]
  const items = [...column(left, { x: 40, width: 200, lastShort: new Set([3]) }), ...column(right, { x: 250, width: 200, lastShort: new Set([3]) })]
  const out = run(doc([page(1, items, 500, 600)]))
  assert.equal(out.text, `${left.join(' ')}\n\n${right.join(' ')}`)
})

test('the number, title and page of a table of contents row stay one line', () => {
  // Gaps of 0.8 em between narrow pieces: the space inside a row, not a gutter.
  const rows = ['Utiliser ce livre', 'Utiliser le programme', 'Exemples', 'Concepts', 'Commandes pour composer des paragraphes']
  const items = rows.flatMap((t, i) => [
    ...lineItems(`${i + 1}`, 40, 100 + 14 * i),
    ...lineItems(t, 53, 100 + 14 * i),
    ...lineItems(`${7 * i + 1}`, 53 + t.length * 5 + 8, 100 + 14 * i),
  ])
  const out = run(doc([page(1, items, 400, 600)]))
  assert.deepEqual(
    (out.text ?? '').split('\n').filter(Boolean),
    rows.map((t, i) => `${i + 1} ${t} ${7 * i + 1}`),
  )
})

test('notes under the shorter of two columns, and a note running over to the next page, are footnotes', () => {
  const left = ['Le conseil municipal a examiné le projet', 'de délibération présenté par le maire, qui', 'a été adopté à l’unanimité des membres.']
  const right = [
    'Les travaux commenceront au printemps et',
    'dureront deux ans selon le calendrier fixé',
    'par les services techniques de la ville et',
    'par le bureau d’études retenu après appel',
    'd’offres, puis les parents seront informés.',
  ]
  // Notes in 8 pt: number 1.8 em in, following lines at the margin (as LaTeX sets them), under the left column only,
  // above the right column's last line; the second note runs over to page 2.
  const notes = [
    ...lineItems('1 Séance du douze mars.', 54, 130, 8),
    ...lineItems('2 Le bureau d’études a remis son rapport', 54, 140, 8),
    ...lineItems('au maire le premier avril de cette', 40, 150, 8),
  ]
  const p1 = [...column(left, { x: 40, width: 200, lastShort: new Set([2]) }), ...column(right, { x: 250, width: 200, lastShort: new Set([4]) }), ...notes]
  const p2 = [
    ...column(['Le maire a signé l’arrêté le lendemain.'], { x: 40, width: 200, lastShort: new Set([0]) }),
    ...lineItems('année, avant la séance.', 40, 300, 8),
  ]
  const out = run(doc([page(1, p1, 500, 600), page(2, p2, 500, 600)]))
  const ps = out.paragraphs!
  assert.deepEqual(
    ps.filter((p) => p.kind === 'footnote').map((p) => [p.text, p.pages]),
    [
      ['1 Séance du douze mars.', [1]],
      ['2 Le bureau d’études a remis son rapport au maire le premier avril de cette année, avant la séance.', [1]],
    ],
  )
  assert.equal(ps.filter((p) => p.kind !== 'footnote')[0]!.text, left.join(' '))
})

test('text drawn with combining accents comes out composed (NFC)', () => {
  const items = column(['Le conseil a de\u0301libe\u0301re\u0301 sur le budget de la commune.'], { lastShort: new Set([0]) })
  const out = run(doc([page(1, items)]))
  assert.equal(out.text, 'Le conseil a délibéré sur le budget de la commune.')
})

test('an overfull line does not widen its column: full lines ending a sentence do not end the paragraph', () => {
  // Justified to 300 pt; the fourth line holds a path TeX could not break and sticks out 40 pt.
  const lines = [
    'Le service démarre au lancement de la machine.',
    'La commande affiche son état et ses derniers messages.',
    'Le journal garde la trace de chaque démarrage raté.',
    'Sa taille se règle dans /etc/systemd/journald.conf.',
    'Les journaux textuels restent disponibles avec rsyslog,',
    'ce qui facilite leur lecture avec les outils habituels.',
  ]
  const items = lines.flatMap((l, i) => lineItems(l, 40, 92 + 12 * i, 10, { width: i === 3 ? 340 : i === 5 ? 250 : 300 }))
  const out = run(doc([page(1, items)]))
  const body = out.paragraphs!.filter((p) => p.kind === 'body')
  assert.equal(body.length, 1, body.map((p) => p.text).join(' | '))
})

test('a page ending in a semicolon runs on into a lower-case line on the next page', () => {
  const p1 = column(['Le noyau utilise nftables, que l’on configure dans le fichier', 'de configuration du pare-feu, comme indiqué plus haut ;'])
  const p2 = column(['des outils plus simples proposent une syntaxe abordable.'], { lastShort: new Set([0]) })
  const out = run(doc([page(1, p1), page(2, p2)]))
  const body = out.paragraphs!.filter((p) => p.kind === 'body')
  assert.equal(body.length, 1, body.map((p) => p.text).join(' | '))
  assert.match(body[0]!.text, /plus haut ; des outils/)
})

/** A column of lines at 12 pt leading: [text, indent, full] each; full lines are justified to 300 pt. */
function indentedColumn(lines: Array<[string, number, boolean]>, top = 80) {
  return lines.flatMap(([t, indent, full], i) => lineItems(t, 40 + indent, top + 12 * (i + 1), 10, full ? { width: 300 - indent } : {}))
}
const INDENTED_PAGE: Array<[string, number, boolean]> = [
  ['Le conseil a examiné le projet de budget présenté par le', 15, true],
  ['maire et en a débattu longuement.', 0, false],
  ['Les habitants ont été informés de la date de la séance', 15, true],
  ['par un avis affiché en mairie.', 0, false],
  ['La délibération a été adoptée à la majorité des membres', 15, true],
  ['présents, puis transmise à la préfecture sans délai.', 0, false],
  ['Le rapport du trésorier a été lu devant les conseillers', 15, true],
  ['présents et approuvé par eux sans la moindre réserve.', 0, true],
]

test('a page turn after a full stop runs on when the document indents its paragraphs and the next line is not indented', () => {
  const p2 = indentedColumn([
    ['Le budget sera publié au recueil des actes et affiché', 0, true],
    ['en mairie.', 0, false],
  ])
  const out = run(doc([page(1, indentedColumn(INDENTED_PAGE)), page(2, p2)]))
  const body = out.paragraphs!.filter((p) => p.kind === 'body')
  assert.equal(body.length, 4, body.map((p) => p.text).join(' | '))
  assert.match(body[3]!.text, /moindre réserve\. Le budget sera publié/)
  // Indented on the next page: a new paragraph.
  const p2b = indentedColumn([
    ['Le budget sera publié au recueil des actes et affiché', 15, true],
    ['en mairie.', 0, false],
  ])
  assert.equal(run(doc([page(1, indentedColumn(INDENTED_PAGE)), page(2, p2b)])).paragraphs!.filter((p) => p.kind === 'body').length, 5)
  // A block-style document (no indents) gives the turn to a new paragraph, as before.
  const block = INDENTED_PAGE.map(([t, , full]): [string, number, boolean] => [t, 0, full])
  const blockBody = run(doc([page(1, indentedColumn(block)), page(2, p2)])).paragraphs!.filter((p) => p.kind === 'body')
  assert.match(blockBody[blockBody.length - 1]!.text, /^Le budget sera publié/)
})

test('an indented line after a full, unfinished line is no new paragraph: a glyph the layer lacks opened it', () => {
  // `« deb »`: the guillemet maps to nothing, so the line seems to start 9 pt in.
  const lines: Array<[string, number, boolean]> = [
    ['Si vous avez une combinaison des suites stable et testing sur la ligne', 0, true],
    ['deb », les programmes vont être ralentis au démarrage.', 9, false],
  ]
  const body = run(doc([page(1, indentedColumn(lines))])).paragraphs!.filter((p) => p.kind === 'body')
  assert.equal(body.length, 1, body.map((p) => p.text).join(' | '))
  // After a full stop, or before a capital, an indent still opens a paragraph.
  const after: Array<[string, number, boolean]> = [
    ['Si vous avez une combinaison des suites stable et testing sur la ligne', 0, true],
    ['Debian, les programmes vont être ralentis au démarrage.', 9, false],
  ]
  assert.equal(run(doc([page(1, indentedColumn(after))])).paragraphs!.filter((p) => p.kind === 'body').length, 2)
})

test('a number or dash opening a line after a full, unfinished line runs the sentence on; after a colon it is a list', () => {
  const lines: Array<[string, number, boolean]> = [
    ['Le fichier a le numéro majeur de périphérique 8 et le numéro mineur de périphérique', 0, true],
    ['0. Il est accessible en lecture aux utilisateurs du groupe disk.', 0, false],
  ]
  const body = run(doc([page(1, indentedColumn(lines))])).paragraphs!.filter((p) => p.kind !== 'heading')
  assert.equal(body.length, 1, body.map((p) => p.text).join(' | '))
  assert.match(body[0]!.text, /périphérique 0\. Il est/)
  const list: Array<[string, number, boolean]> = [
    ['Les options suivantes sont reconnues par la commande :', 0, false],
    ['- --purge supprime aussi les fichiers de configuration ;', 0, false],
    ['- --simulate montre ce qui serait fait sans le faire.', 0, false],
  ]
  const items = run(doc([page(1, indentedColumn(list))])).paragraphs!
  assert.equal(items.filter((p) => p.kind === 'list').length, 2, items.map((p) => `${p.kind}: ${p.text}`).join(' | '))
})
