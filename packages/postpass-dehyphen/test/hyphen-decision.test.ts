import assert from 'node:assert/strict'
import { test } from 'node:test'
import { Vocabulary, decideHyphen, isPageNumber } from '../src/index.js'

function vocab(text: string): Vocabulary {
  const v = new Vocabulary()
  for (const t of text.split(/\s+/)) v.add(t)
  return v
}

const FR = vocab(
  "le maire de la commune a rappelé que les travaux de la rue seront faits par les services de la ville et que la circulation sera interdite dans la rue pendant la durée des travaux le conseil a voté le budget et les habitants seront informés par courrier de la date de la réunion publique qui aura lieu à la mairie le gouvernement a été informé",
)
const fra = ['fra', 'eng'] as const

test('a word read whole elsewhere decides: joined or with its hyphen', () => {
  assert.equal(decideHyphen('gou-', 'vernement', FR, fra).choice, 'join')
  const v = vocab('il viendra peut-être demain et peut-être pas')
  assert.equal(decideHyphen('peut-', 'être', v, fra).choice, 'keep')
  assert.equal(decideHyphen('gou-', 'vernement', FR, fra, false).score !== undefined, true)
})

test('without the document deciding: French compound tails, capitals, digits, one-letter parts keep the hyphen', () => {
  assert.equal(decideHyphen('peut-', 'être', FR, fra).choice, 'keep')
  assert.equal(decideHyphen("c'est-à-", 'dire', FR, fra).choice, 'keep')
  assert.equal(decideHyphen('dix-', 'huit', FR, fra).choice, 'keep')
  assert.equal(decideHyphen('Jean-', 'Pierre', FR, fra).choice, 'keep')
  assert.equal(decideHyphen('1914-', '1918', FR, fra).choice, 'keep')
  assert.equal(decideHyphen('chefs-', "d'œuvre", FR, fra).choice, 'keep')
  assert.equal(decideHyphen('rendez-', 'vous', FR, fra).choice, 'keep')
})

test('ordinary syllable breaks are joined, function-word heads included', () => {
  for (const [l, r] of [['adminis-', 'tration'], ['conseil-', 'lers'], ['de-', 'puis'], ['sur-', 'tout'], ['cir-', 'culation'], ['ré-', 'glementation']]) {
    assert.equal(decideHyphen(l!, r!, FR, fra).choice, 'join', `${l}${r}`)
  }
})

test('soft hyphen joins, a conjunction after the hyphen keeps the words apart, all caps ignore the capital rule', () => {
  assert.equal(decideHyphen('situa\u00ad', 'tion', FR, fra).choice, 'join')
  assert.equal(decideHyphen('pré-', 'et', FR, fra).choice, 'apart')
  assert.equal(decideHyphen('GOUVER-', 'NEMENT', FR, fra).choice, 'join')
})

test('page numbers in their usual forms, not ordinary words', () => {
  for (const s of ['12', '- 12 -', 'Page 12', 'page 3 sur 40', '12/40', 'p. 7', 'xii', '— 4 —']) assert.ok(isPageNumber(s), s)
  for (const s of ['Article 12 du code', 'Rapport annuel', '12 mars 2024']) assert.ok(!isPageNumber(s), s)
})

test('the euphonic t keeps its hyphens; jus-, lors-, quel- before qu\u2019 are one word broken', () => {
  assert.equal(decideHyphen('pensa-', 't-il,', FR, fra).choice, 'keep')
  assert.equal(decideHyphen('va-', 't-on', FR, fra).choice, 'keep')
  assert.equal(decideHyphen('jus-', 'qu\u2019à', FR, fra).choice, 'join')
  assert.equal(decideHyphen('lors-', "qu'il", FR, fra).choice, 'join')
  // An elided article after the hyphen still marks a compound: chefs-d'œuvre.
  assert.equal(decideHyphen('chefs-', "d'œuvre", FR, fra).choice, 'keep')
})

test('procès- and sous- before a word are compounds, soussigné and soustraire are not', () => {
  assert.equal(decideHyphen('procès-', 'verbal', FR, fra).choice, 'keep')
  assert.equal(decideHyphen('sous-', 'préfecture', FR, fra).choice, 'keep')
  assert.equal(decideHyphen('sous-', 'signé,', FR, fra).choice, 'join')
  assert.equal(decideHyphen('sous-', 'traire', FR, fra).choice, 'join')
})
