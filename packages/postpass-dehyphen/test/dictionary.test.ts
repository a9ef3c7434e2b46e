import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { WordList, dictionary, provideDictionary } from '../src/index.js'

// A small dictionary in each flag syntax: suffixes with a strip and a condition, a prefix that combines with them,
// a stem that needs an affix, a hyphenated stem.
const AFF_LONG = `SET UTF-8
FLAG long
NEEDAFFIX ()
PFX Re Y 1
PFX Re 0 re .
SFX S. Y 2
SFX S. 0 s [^sxz]
SFX S. 0 x au
SFX Er Y 2
SFX Er er ez er
SFX Er er é/S. er
`
const DIC_LONG = `6
install/()Er
installer/ErRe
bateau/S.
paquet/S.Re
sous-répertoire/S.
super
`

test('a hunspell word list finds words by taking affixes off, in the long-flag syntax', () => {
  const w = new WordList(AFF_LONG, DIC_LONG)
  for (const ok of ['installer', 'installez', 'installé', 'réinstaller'.replace('ré', 're'), 'paquets', 'repaquets', 'bateaux', 'sous-répertoires', 'super'])
    assert.ok(w.has(ok), ok)
  // `install` needs an affix; `paquetx` breaks the condition of `x`; `supers` has no flag for it.
  for (const no of ['install', 'paquetx', 'supers', 'installés', 'reinstall', '']) assert.ok(!w.has(no), no)
  // A capital may stand for a lower-case stem (a sentence's first word), not the other way.
  assert.ok(w.has('Paquets'))
  assert.ok(!new WordList(AFF_LONG, '1\nLinux\n').has('linux'))
})

test('single-character flags, and how a dictionary joins a head to other words', () => {
  const w = new WordList('PFX A Y 1\nPFX A   0     re         .\nSFX D Y 1\nSFX D 0 ed [^e]\n', '5\nrun/A\nwork/AD\nsuper\nmarket\nsupermarket\n')
  assert.ok(w.has('rework') && w.has('reworked') && w.has('worked') && w.has('rerun'))
  assert.ok(!w.has('runned') && !w.has('rereworked'))
  assert.deepEqual(w.prefixHabit('super'), { closed: 1, hyphenated: 0 })
  const fr = new WordList(AFF_LONG, DIC_LONG)
  assert.deepEqual(fr.prefixHabit('sous'), { closed: 0, hyphenated: 1 })
})

test('the French and English dictionaries load from their packages and know the words of a manual', () => {
  const fr = dictionary('fra')!
  const en = dictionary('eng')!
  assert.ok(fr && en)
  for (const ok of ['surtout', 'paquets', 'désinstallation', 'redémarrer', 'sous-répertoire', 'peut-être', 'micrologiciel']) assert.ok(fr.has(ok), ok)
  for (const no of ['superutilisateur', 'temctl', 'dpkg']) assert.ok(!fr.has(no), no)
  for (const ok of ['get', 'remove', 'reinstalled', 'firmware', 'essential']) assert.ok(en.has(ok), ok)
  // The French dictionary closes `super` and `sur` up, and writes `sous` and `demi` with a hyphen.
  const h = (x: string) => fr.prefixHabit(x)
  assert.ok(h('super').closed > 4 * h('super').hyphenated && h('sur').closed > 4 * h('sur').hyphenated)
  assert.ok(h('sous').hyphenated > 4 * h('sous').closed && h('demi').hyphenated > 4 * h('demi').closed)
})

test('provideDictionary: files given in place of the package folder (a browser has none) replace the language', () => {
  const before = dictionary('eng')
  provideDictionary('eng', 'SET UTF-8\n', '2\nzyxwvut\nquokka\n')
  try {
    const d = dictionary('eng')
    assert.ok(d && d !== before)
    assert.ok(d.has('zyxwvut') && d.has('quokka'))
    assert.ok(!d.has('house'), 'the package dictionary is no longer the one read')
  } finally {
    // the package's own files again, for the tests after this one
    const dir = dirname(createRequire(import.meta.url).resolve('dictionary-en'))
    provideDictionary('eng', readFileSync(join(dir, 'index.aff'), 'utf8'), readFileSync(join(dir, 'index.dic'), 'utf8'))
  }
})
