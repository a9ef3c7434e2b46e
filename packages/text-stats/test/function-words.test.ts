import assert from 'node:assert/strict'
import { test } from 'node:test'
import { functionWords } from '../src/index.js'

test('function-word tiers hold each other, and a language marker is never a word of the other language', () => {
  for (const lang of ['fr', 'en'] as const) {
    const markers = functionWords(lang, 'markers')
    const common = functionWords(lang, 'common')
    const all = functionWords(lang)
    assert.ok(markers.size > 0 && markers.size < common.size && common.size < all.size)
    for (const w of markers) assert.ok(common.has(w), w)
    for (const w of common) assert.ok(all.has(w), w)
    for (const w of all) assert.equal(w, w.toLowerCase())
    const other = functionWords(lang === 'fr' ? 'en' : 'fr')
    assert.deepEqual(
      [...markers].filter((w) => other.has(w)),
      [],
    )
  }
  assert.equal(functionWords('en', 'common'), functionWords('en', 'common'))
})

test('function words cover a quarter or more of the words of plain prose', () => {
  const share = (text: string, lang: 'fr' | 'en') => {
    const words = text.toLowerCase().match(/\p{L}+/gu) ?? []
    return words.filter((w) => functionWords(lang, 'common').has(w)).length / words.length
  }
  assert.ok(share("Le maire de la commune arrête les mesures qui sont prises pour la sécurité et l'ordre public dans les rues.", 'fr') >= 0.25)
  assert.ok(share('The council of the town has decided that the roads will be closed to traffic for the duration of the works.', 'en') >= 0.25)
})
