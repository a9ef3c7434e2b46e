/** French prose written for these tests (no corpus file is needed): enough pairs to fit and judge a model. */
export const FRENCH = [
  "Le conseil municipal s'est réuni le mardi à dix-huit heures dans la salle des fêtes de la mairie, sous la présidence du maire.",
  'Après avoir entendu le rapport de la commission des finances, les conseillers ont approuvé le budget primitif de la commune.',
  "La séance a été ouverte par la lecture du procès-verbal de la réunion précédente, qui a été adopté à l'unanimité des présents.",
  "Le maire a rappelé que les travaux de rénovation de l'école élémentaire commenceront au printemps, dès que le chantier sera prêt.",
  'Les habitants du quartier ont demandé que la circulation soit limitée devant la place du marché pendant les heures de classe.',
  "Une subvention sera accordée à l'association sportive pour l'achat de matériel et l'entretien du terrain de football communal.",
  "Le secrétaire de mairie est chargé de transmettre la présente délibération au représentant de l'État dans le département.",
  "Il est ensuite procédé à l'examen des demandes de permis de construire déposées depuis la dernière séance du conseil.",
  "Chaque dossier fait l'objet d'un avis motivé, et les pétitionnaires seront informés de la décision par courrier recommandé.",
  'La bibliothèque municipale ouvrira désormais ses portes le samedi matin, afin que les familles puissent en profiter davantage.',
].join('\n')

/** English prose: another language, same script. */
export const ENGLISH = [
  'The committee met on Tuesday evening in the town hall to discuss the annual budget and the repair of the old school building.',
  'After a long debate the members agreed that the works should begin in the spring, as soon as the contractors are available.',
  'Residents of the market square asked for fewer cars during school hours, and the mayor promised to study their request.',
].join('\n')

/** A deterministic shuffle of the characters of `s` (a small LCG, so tests never depend on chance). */
export function shuffle(s: string, seed = 12345): string {
  const a = [...s]
  let x = seed
  for (let i = a.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2147483648
    const j = x % (i + 1)
    const t = a[i]!
    a[i] = a[j]!
    a[j] = t
  }
  return a.join('')
}
