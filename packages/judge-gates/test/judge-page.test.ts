import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { JudgeContext, PageText, Verdict } from '@pdftriage/core'
import gates from '../src/index.js'
import { ENGLISH, FRENCH, NUMERIC, garbleAscii, garbleInto, page } from './helpers.js'

const ctx = (pageCount = 1): JudgeContext => ({ pageCount, info: { pageCount } })
const judge = await gates.create(gates.optionsSchema.parse({}), { baseDir: '.' })
const run = async (p: PageText, pageCount = 1): Promise<Verdict> => {
  const v = await judge.judge(p, ctx(pageCount))
  assert.ok(v, 'the gates always decide')
  return v
}
const long = (t: string) => `${t}\n${t}`

test('healthy French and English pages read', async () => {
  for (const t of [FRENCH, ENGLISH]) {
    const v = await run(page(long(t), { imageCoverage: 0 }))
    assert.equal(v.layer, 'healthy')
    assert.equal(v.needsOcr, false)
    assert.match(v.notes[0]!, /^\d+ characters, letters 0\.[789]\d, letters\+digits/)
    assert.match(v.notes.at(-1)!, /passes every gate/)
  }
  const fr = await run(page(long(FRENCH)))
  assert.match(fr.notes.join(' | '), /english function words 0\.0\d, french function words 0\.[23]\d/)
  const en = await run(page(long(ENGLISH)))
  assert.match(en.notes.join(' | '), /english function words 0\.[234]\d/)
})

test('no text and no image is blank, no OCR', async () => {
  const v = await run(page([], { imageCoverage: 0 }))
  assert.equal(v.layer, 'blank')
  assert.equal(v.needsOcr, false)
  assert.match(v.notes.at(-1)!, /no text and no image/)
})

test('no text over an image is absent', async () => {
  const v = await run(page([], { imageCoverage: 1 }))
  assert.deepEqual([v.layer, v.needsOcr, v.score, v.threshold], ['absent', true, 1, 0.1])
})

test('no text with unknown image coverage is absent: a missed scan loses text, a needless OCR only time', async () => {
  const v = await run(page([]))
  assert.deepEqual([v.layer, v.needsOcr], ['absent', true])
  assert.match(v.notes.join(' | '), /image coverage unknown/)
})

test('a folio over a scan is sparse', async () => {
  const v = await run(page('- 3 -', { imageCoverage: 0.98 }))
  assert.deepEqual([v.layer, v.needsOcr, v.score, v.threshold], ['sparse', true, 3, 200])
  assert.match(v.notes.at(-1)!, /3 < 200 characters over a scan/)
})

test('a short chapter-title page without image reads', async () => {
  const v = await run(page('Chapitre III\nLa commune et ses habitants', { imageCoverage: 0 }), 120)
  assert.deepEqual([v.layer, v.needsOcr], ['healthy', false])
  assert.match(v.notes.at(-1)!, /short page, not a scan/)
})

test('a short page beside a large figure (not a scan) reads', async () => {
  const v = await run(page('Figure 2. Plan de la commune en 1850.', { imageCoverage: 0.8 }))
  assert.equal(v.needsOcr, false)
})

test('unknown coverage: density judged only in documents of 8 pages or more (the seed)', async () => {
  assert.equal((await run(page('12'), 3)).layer, 'healthy')
  assert.equal((await run(page('12'), 8)).layer, 'sparse')
})

test('ASCII-renumbered text is garbled by the letter gate', async () => {
  const v = await run(page(garbleAscii(long(FRENCH))))
  assert.deepEqual([v.layer, v.needsOcr, v.threshold], ['garbled', true, 0.25])
  assert.ok(v.score! < 0.25)
  assert.match(v.notes.at(-1)!, /^garbled: letters 0\.\d\d < 0\.25 and letters\+digits 0\.\d\d < 0\.50$/)
})

test('ASCII-renumbered text whose space glyph is renumbered too: digits in symbol soup are not a table', async () => {
  // Common letters fall on digits here (e -> 2): letters+digits would pass if every digit counted.
  const t = 'ARRÊTÉ MUNICIPAL PORTANT RÉGLEMENTATION DE LA CIRCULATION\n' + long(FRENCH)
  const g = garbleAscii(t, true)
  const v = await run(page(g))
  assert.equal(v.layer, 'garbled')
  assert.match(v.notes.at(-1)!, /letters\+digits 0\.[0-4]\d < 0\.50/)
})

test('Latin-1 junk is garbled by the Latin-1 gate', async () => {
  const junk = 'ï 8º%´ÙÙ´8Hº '.repeat(40)
  const v = await run(page(junk))
  assert.deepEqual([v.layer, v.needsOcr, v.threshold], ['garbled', true, 0.35])
  assert.ok(v.score! > 0.35)
  const b = await run(page(garbleInto(long(FRENCH), 'latin1')))
  assert.equal(b.layer, 'garbled')
  assert.match(b.notes.at(-1)!, /latin-1 and controls 0\.\d\d > 0\.35/)
})

test('control-character junk is garbled', async () => {
  const v = await run(page(garbleInto(long(ENGLISH), 'controls')))
  assert.deepEqual([v.layer, v.needsOcr], ['garbled', true])
  assert.match(v.notes[0]!, /controls 0\.[3-9]\d/)
})

test('French accents are ordinary letters, not Latin-1 junk', async () => {
  const t = 'Été, à côté de l’église, où ça déçoit, être élève à Noël, façade, théâtre, grève, forêt. '.repeat(8)
  const v = await run(page(t))
  assert.equal(v.layer, 'healthy')
  assert.match(v.notes[0]!, /latin-1 0\.0\d/)
})

test('one garbled font among healthy ones is found and named', async () => {
  const p = page([
    { text: long(FRENCH), font: 'f1', name: 'Times-Roman' },
    { text: garbleAscii(FRENCH), font: 'f2', name: 'BrokenTable' },
  ])
  // The page as a whole passes the page gates: the healthy font dilutes the broken one.
  const whole = await run({ ...p, items: p.items.map((i) => ({ ...i, fontId: 'f1' })) })
  assert.equal(whole.layer, 'healthy')
  const v = await run(p)
  assert.deepEqual([v.layer, v.needsOcr], ['garbled', true])
  assert.match(v.notes.at(-1)!, /^garbled: font BrokenTable \(f2\) carries 0\.3\d of the page and fails: letters/)
  assert.ok(v.notes.some((n) => n.startsWith('font BrokenTable (f2): ')))
})

test('a small font of symbols beside the body is not judged on its own', async () => {
  const v = await run(
    page([
      { text: long(ENGLISH), font: 'f1' },
      { text: '∑ ∫ ≤ ≥ → ⇒ ± × '.repeat(6), font: 'f2', name: 'CMSY10' },
    ]),
  )
  assert.equal(v.layer, 'healthy')
})

test('a numeric table stays healthy', async () => {
  const v = await run(page(NUMERIC, { imageCoverage: 0 }))
  assert.deepEqual([v.layer, v.needsOcr], ['healthy', false])
  assert.match(v.notes[0]!, /letters 0\.[01]\d, letters\+digits 0\.[6-9]\d/)
})

test('a table of contents with leader dots stays healthy', async () => {
  const toc = Array.from({ length: 30 }, (_, i) => `${i + 1} Chap . . . . . . . . . . . . . . . . . . . . ${i * 7 + 3}`).join('\n')
  const v = await run(page(toc))
  assert.equal(v.layer, 'healthy')
  assert.match(v.notes[0]!, /\d+ in leaders/)
})

test('under 400 characters only extreme values judge damage: symbol soup is garbled, a suspect line is kept', async () => {
  const soup = await run(
    page(
      garbleAscii(FRENCH)
        .slice(0, 300)
        .replace(/[A-Za-z0-9]/g, '%'),
      { imageCoverage: 0 },
    ),
  )
  assert.deepEqual([soup.layer, soup.needsOcr], ['garbled', true])
  assert.match(soup.notes.at(-1)!, /short text, extreme: letters\+digits 0\.00/)
  const controls = await run(page('\x01\x02\x03\x04\x05\x06\x07\x08\x0e\x0f', { imageCoverage: 0 }))
  assert.deepEqual([controls.layer, controls.needsOcr], ['garbled', true])
  assert.match(controls.notes.at(-1)!, /10 control or unassigned characters/)
  // a layer of two controls alone is junk (it stood where a page showed a word); one control in a line is a stray
  assert.equal((await run(page('\x15\x16', { imageCoverage: 0 }))).layer, 'garbled')
  assert.equal((await run(page('Rapport annuel du conseil municipal \x15', { imageCoverage: 0 }))).layer, 'healthy')
  // a title shifted by 29 codes fails the vowel gate, which short text cannot settle
  const shifted = await run(
    page([...'Rapport annuel du conseil municipal'].map((c) => String.fromCharCode(c.charCodeAt(0) - 29)).join(''), { imageCoverage: 0 }),
  )
  assert.equal(shifted.layer, 'healthy')
  assert.ok(shifted.notes.includes('damage judged on extreme values only under 400 characters'))
})

test('options move the thresholds', async () => {
  const strict = await gates.create(gates.optionsSchema.parse({ minCharsPresent: 1000 }), { baseDir: '.' })
  const v = await strict.judge(page(FRENCH, { imageCoverage: 1 }), ctx())
  assert.equal(v?.layer, 'sparse')
  assert.throws(() => gates.optionsSchema.parse({ minLetterShare: 2 }))
  assert.throws(() => gates.optionsSchema.parse({ nope: 1 }))
})

test('a table of contents whose leader dots are set in their own font is not garbled (TeX sets them in math italic)', async () => {
  const { judgePageGates } = await import('../src/judge-page.js')
  const o = (await import('../src/options.js')).gatesOptionsSchema.parse({})
  const entries = [
    'Introduction',
    'Classes de documents',
    'Environnements',
    'Commandes de rubrique',
    'Références croisées',
    'Notes en bas de page',
    'Définitions',
    'Compteurs',
    'Longueurs',
    'Lettres',
  ]
  const runs: Array<{ text: string; font: string; name: string }> = []
  entries.forEach((e, i) => {
    runs.push({ text: `${i + 1} ${e} avec les détails de la section`, font: 'f1', name: 'CMR10' })
    runs.push({ text: ' .'.repeat(60), font: 'f2', name: 'CMMI10' })
    runs.push({ text: String(3 + i * 7), font: 'f1', name: 'CMR10' })
  })
  const v = judgePageGates(page(runs, { imageCoverage: 0 }), o, { pageCount: 300 })
  assert.equal(v.layer, 'healthy', v.notes.join(' | '))
  // A page holding nothing but fill-in lines is not judged for damage either.
  const form = judgePageGates(page([{ text: '_'.repeat(500), font: 'f1' }], { imageCoverage: 0 }), o, { pageCount: 1 })
  assert.notEqual(form.layer, 'garbled')
})

test('a picture font (LaTeX LINE10 segments, control characters by design) beside readable text does not garble the page', async () => {
  const { judgePageGates } = await import('../src/judge-page.js')
  const o = (await import('../src/options.js')).gatesOptionsSchema.parse({})
  const runs = [
    { text: `${FRENCH}\n${FRENCH}`, font: 'f1', name: 'PQRSTU+CMR10' },
    // As on lshort-fr's picture page: the segments carry about a quarter of the page, controls 0.17 of it.
    { text: '\u0001\u0002\u0003\u0004\u0005\u0006'.repeat(50), font: 'f2', name: 'WYPCOR+LINE10' },
  ]
  assert.equal(judgePageGates(page(runs, { imageCoverage: 0 }), o, { pageCount: 1 }).layer, 'healthy')
  // The same junk in a text font is a broken font.
  const broken = [runs[0]!, { ...runs[1]!, name: 'ABCDEF+CMTT10' }]
  assert.equal(judgePageGates(page(broken, { imageCoverage: 0 }), o, { pageCount: 1 }).layer, 'garbled')
})

test("a music font (notes as controls or as letters) beside a score page's words is left out of the judged text", async () => {
  const { judgePageGates } = await import('../src/judge-page.js')
  const o = (await import('../src/options.js')).gatesOptionsSchema.parse({})
  const words = { text: 'Cette pièce pour orgue est représentative d\u2019un travail basique de gravure.', font: 'f1', name: 'EABOIT+CMR10' }
  // As LilyPond's French manual's score pages: 0.72 of the page controls (Emmentaler), or `SSS hhh` (Finale's Maestro).
  const notes = { text: '\u0000\u0001\u0000\u0002\u0000\u0003 '.repeat(40), font: 'f2', name: 'DFTOFE+Emmentaler-20' }
  const letters = { text: 'SSS hhh Sn bb SSn hh NN Ó Û '.repeat(25), font: 'f3', name: 'NPMHKS+Maestro' }
  for (const music of [notes, letters]) {
    const v = judgePageGates(page([words, music], { imageCoverage: 0 }), o, { pageCount: 1 })
    assert.equal(v.layer, 'healthy', v.notes.join(' | '))
    // The same glyphs in a text font are a broken layer.
    assert.equal(judgePageGates(page([words, { ...music, name: 'ABCDEF+CMTT10' }], { imageCoverage: 0 }), o, { pageCount: 1 }).layer, 'garbled', music.name)
  }
  // A music font's companion text font is text: `EmmentalerText` is judged.
  assert.equal(judgePageGates(page([words, { ...notes, name: 'ABCDEF+MaestroText' }], { imageCoverage: 0 }), o, { pageCount: 1 }).layer, 'garbled')
})

test('a font shifted by a constant ("7KH" for "The") is garbled by its vowels, though its letters look fine', async () => {
  const { judgePageGates } = await import('../src/judge-page.js')
  const o = (await import('../src/options.js')).gatesOptionsSchema.parse({})
  const shifted = [...`${ENGLISH}\n${ENGLISH}`].map((c) => (/\s/.test(c) ? c : String.fromCharCode(c.charCodeAt(0) - 0x1d))).join('')
  const v = judgePageGates(page(shifted, { imageCoverage: 0 }), o, { pageCount: 1 })
  assert.equal(v.layer, 'garbled', v.notes.join(' | '))
  assert.match(v.notes.at(-1)!, /vowels 0\.\d\d of \d+ Latin letters, outside 0\.20-0\.65/)
  for (const t of [FRENCH, ENGLISH, NUMERIC]) assert.notEqual(judgePageGates(page(`${t}\n${t}`, { imageCoverage: 0 }), o, { pageCount: 1 }).layer, 'garbled')
})
