import assert from 'node:assert/strict'
import { test } from 'node:test'
import { Vocabulary, decideHyphen, isPageNumber } from '../src/index.js'

function vocab(text: string): Vocabulary {
  const v = new Vocabulary()
  for (const t of text.split(/\s+/)) v.add(t)
  return v
}

const FR = vocab(
  'le maire de la commune a rappelé que les travaux de la rue seront faits par les services de la ville et que la circulation sera interdite dans la rue pendant la durée des travaux le conseil a voté le budget et les habitants seront informés par courrier de la date de la réunion publique qui aura lieu à la mairie le gouvernement a été informé',
)
const fra = ['fra', 'eng'] as const

test('a word read whole elsewhere decides: joined or with its hyphen', () => {
  assert.equal(decideHyphen('gou-', 'vernement', FR, fra).choice, 'join')
  const v = vocab('il viendra peut-être demain et peut-être pas')
  assert.equal(decideHyphen('peut-', 'être', v, fra).choice, 'keep')
  // Without the document's words, the dictionary decides; without either, the evidence is scored.
  assert.match(decideHyphen('gou-', 'vernement', FR, fra, false).reason, /dictionary: "gouvernement"/)
  assert.equal(decideHyphen('gou-', 'vernement', FR, fra, false, undefined, null).score !== undefined, true)
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

test('a hyphen between digits is kept in a long document too, where the letter model has its full say', () => {
  // Long enough for the model's full weight: before, it joined the date "(2008-|12)." into 200812.
  const long = vocab(
    Array.from({ length: 40 }, () => 'le maire de la commune a rappelé que les travaux de la rue seront faits par les services de la ville').join(' '),
  )
  assert.equal(decideHyphen('(2008-', '12).', long, fra).choice, 'keep')
  assert.equal(decideHyphen('10-', '20', long, fra).choice, 'keep')
  assert.equal(decideHyphen('adminis-', 'tration', long, fra).choice, 'join')
})

test('ordinary syllable breaks are joined, function-word heads included', () => {
  for (const [l, r] of [
    ['adminis-', 'tration'],
    ['conseil-', 'lers'],
    ['de-', 'puis'],
    ['sur-', 'tout'],
    ['cir-', 'culation'],
    ['ré-', 'glementation'],
  ]) {
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

// A French manual page where none of the words at the breaks is read whole: the dictionaries and the shape of
// technical tokens decide.
const MANUEL = vocab(
  'pour installer le serveur tapez la commande suivante puis vérifiez que le service systemd est démarré la commande affiche les paquets installés et leur état le gestionnaire résout les dépendances à votre place et le système reste propre pour retirer un paquet utilisez la commande indiquée dans la documentation du projet et relisez la liste avant de confirmer le répertoire de configuration contient les fichiers du service et le journal garde la trace des opérations de la machine',
)

test('technical names keep their hyphens: apt-|get, dpkg-|remove, non-free-|firmware, options', () => {
  for (const [l, r] of [
    ['apt-', 'get'],
    ['dpkg-', 'remove'],
    ['non-free-', 'firmware'],
    ['ssh-', 'copy-id'],
    ['systemd-', 'resolved'],
    ['--dry-', 'run'],
    ['--no-install-', 'recommends'],
    ['build-', 'essential'],
  ]) {
    const d = decideHyphen(l!, r!, MANUEL, fra)
    assert.equal(d.choice, 'keep', `${l}${r}: ${d.reason}`)
  }
})

test('dictionary words are joined: sur-|tout, super-|utilisateur, autre-|fois; syllables of commands too', () => {
  for (const [l, r] of [
    ['sur-', 'tout'],
    ['super-', 'utilisateur'],
    ['autre-', 'fois'],
    ['désins-', 'tallation'],
    ['sys-', 'temctl'],
    ['jour-', 'nalctl'],
    ['sous-pré-', 'fecture'],
  ]) {
    const d = decideHyphen(l!, r!, MANUEL, fra)
    assert.equal(d.choice, 'join', `${l}${r}: ${d.reason}`)
  }
  assert.match(decideHyphen('sur-', 'tout', MANUEL, fra).reason, /dictionary: "surtout"/)
  assert.equal(decideHyphen('sous-', 'répertoire', MANUEL, fra).choice, 'keep')
})

test('English: the joined word in the dictionary is evidence, not a verdict (long-|standing stays)', () => {
  const EN = vocab(
    'the committee met four times this year and the members inspected the new rooms the officers prepared the documents and the standing orders were read the long report was approved by the members of the committee with thanks',
  )
  const en = ['eng', 'fra'] as const
  assert.equal(decideHyphen('long-', 'standing', EN, en).choice, 'keep')
  assert.equal(decideHyphen('build-', 'essential', EN, en).choice, 'keep')
  assert.equal(decideHyphen('docu-', 'ments', EN, en).choice, 'join')
  assert.equal(decideHyphen('config-', 'uration', EN, en).choice, 'join')
})

test('without dictionaries the decision still stands on the document and the shape', () => {
  assert.equal(decideHyphen('--dry-', 'run', MANUEL, fra, true, undefined, null).choice, 'keep')
  assert.equal(decideHyphen('gou-', 'vernement', FR, fra, true, undefined, null).choice, 'join')
})
