// The evaluation documents: layouts and texts (see README.md).
import { seeded } from '@pdftriage/fixtures'
import { ENGLISH_PARAGRAPHS, FRENCH_COLD, FRENCH_PARAGRAPHS, englishParagraph, frenchParagraph } from './corpus.mjs'

const NOTES_FR = [
  'Voir la délibération du conseil municipal du dix-huit mars, publiée au recueil des actes administratifs.',
  "Arrêté préfectoral portant autorisation d'occupation temporaire du domaine public.",
  "Ce chiffre ne tient pas compte des logements vacants, c'est-à-dire inoccupés depuis plus de deux ans.",
  'Compte rendu de la commission des finances, séance du vingt-quatre septembre.',
]
const NOTES_EN = [
  'See the minutes of the meeting held on the first Tuesday of March.',
  'Figures provided by the regional statistics office, revised in the autumn.',
]

const NOTE_TAILS_FR = [
  'Archives municipales.',
  'Voir aussi le rapport annuel.',
  'Source : préfecture.',
  'Texte consolidé.',
  'Document de travail.',
  'Chiffres provisoires.',
  'Délibération publiée.',
  'Avis du comité technique.',
]
const NOTE_TAILS_EN = [
  'Municipal archives.',
  'See also the annual report.',
  'Source: county office.',
  'Consolidated text.',
  'Working paper.',
  'Provisional figures.',
  'Published decision.',
  'Opinion of the technical committee.',
]

function paragraphs(lang, seed, n) {
  const rnd = seeded(seed)
  const hand = lang === 'fra' ? FRENCH_PARAGRAPHS : ENGLISH_PARAGRAPHS
  const out = []
  let h = 0
  for (let i = 0; i < n; i++) {
    if (i % 7 === 3)
      out.push({
        text:
          lang === 'fra'
            ? `Chapitre ${['premier', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept'][h++ % 7]}`
            : `Section ${['one', 'two', 'three', 'four', 'five'][h++ % 5]}`,
        heading: true,
      })
    const text =
      i % 2 === 0 && hand[(i / 2) % hand.length] && i / 2 < hand.length
        ? hand[i / 2]
        : lang === 'fra'
          ? frenchParagraph(rnd, 3 + Math.floor(rnd() * 4))
          : englishParagraph(rnd, 3 + Math.floor(rnd() * 4))
    // Each note unique, as in real documents: a base text and a varying tail.
    const base = (lang === 'fra' ? NOTES_FR : NOTES_EN)[Math.floor(rnd() * (lang === 'fra' ? 4 : 2))]
    const tail = (lang === 'fra' ? NOTE_TAILS_FR : NOTE_TAILS_EN)[i % 8]
    const notes = rnd() < 0.3 ? [{ after: 5 + Math.floor(rnd() * 20), text: `${base} ${tail}` }] : []
    out.push({ text, notes })
  }
  return out
}

export const DOCS = [
  {
    name: 'fr-cold-very-narrow',
    lang: 'fra',
    font: 'Times',
    size: 10,
    leading: 12,
    page: [260, 400],
    margins: { top: 50, bottom: 50, side: 45 },
    columns: 1,
    gutter: 0,
    indent: 10,
    paraGap: 0,
    paragraphs: [...FRENCH_COLD, ...FRENCH_COLD.map((p) => p.split('. ').reverse().join('. '))].map((text) => ({ text })),
    header: (n) => ({ center: n % 2 ? 'Récits et chroniques' : 'Jean Martin' }),
    footer: (n) => ({ center: `${n}` }),
  },
  {
    name: 'fr-narrow-times',
    lang: 'fra',
    font: 'Times',
    size: 10,
    leading: 12,
    page: [340, 520],
    margins: { top: 56, bottom: 56, side: 40 },
    columns: 1,
    gutter: 0,
    indent: 12,
    paraGap: 0,
    paragraphs: paragraphs('fra', 11, 40),
    header: (n) => (n % 2 ? { right: `Chronique du canton  ${n}` } : { left: `${n}  Les affaires communales` }),
  },
  {
    name: 'fr-two-columns-helvetica',
    lang: 'fra',
    font: 'Helvetica',
    size: 9,
    leading: 11,
    page: [595, 842],
    margins: { top: 70, bottom: 70, side: 50 },
    columns: 2,
    gutter: 18,
    indent: 0,
    paraGap: 5,
    paragraphs: paragraphs('fra', 23, 50),
    header: () => ({ center: "Bulletin municipal d'information" }),
    footer: (n, t) => ({ right: `Page ${n} sur ${t}` }),
  },
  {
    name: 'fr-courier-footer-dash',
    lang: 'fra',
    font: 'Courier',
    size: 9,
    leading: 11,
    page: [420, 595],
    margins: { top: 60, bottom: 60, side: 45 },
    columns: 1,
    gutter: 0,
    indent: 18,
    paraGap: 0,
    paragraphs: paragraphs('fra', 37, 30),
    header: () => ({ left: 'Recueil des actes administratifs', right: `mars 2024` }),
    footer: (n) => ({ center: `- ${n} -` }),
  },
  {
    name: 'en-narrow-times',
    lang: 'eng',
    font: 'Times',
    size: 10,
    leading: 12,
    page: [340, 520],
    margins: { top: 56, bottom: 56, side: 40 },
    columns: 1,
    gutter: 0,
    indent: 12,
    paraGap: 0,
    paragraphs: paragraphs('eng', 5, 30),
    header: () => ({ left: 'Annual report of the district council' }),
    footer: (n) => ({ center: `${n}` }),
  },
]
