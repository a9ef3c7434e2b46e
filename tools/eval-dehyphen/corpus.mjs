// Evaluation texts written for this tool (no third-party text): French and English prose with many compounds,
// plus seeded sentence generators that vary the wording so that the set reaches several thousand words.

/** Hand-written French paragraphs: administrative and narrative prose, many hyphenated compounds. */
export const FRENCH_PARAGRAPHS = [
  `Le conseil municipal, réuni en séance ordinaire le dix-huit mars sous la présidence de Jean-Pierre Marchand, a examiné le projet de réaménagement de la place située au-dessus de l'ancienne gare. Peut-être faudra-t-il, a rappelé le porte-parole de l'opposition, consulter de nouveau les habitants du quartier avant d'engager des dépenses aussi importantes.`,
  `Vis-à-vis des entreprises chargées des travaux, la commune s'engage à respecter les délais de paiement prévus par le code de la commande publique, c'est-à-dire trente jours à compter de la réception de la facture. Au-delà de ce délai, des intérêts moratoires seront dus de plein droit, sans qu'il soit nécessaire de les réclamer.`,
  `Ma grand-mère habitait une petite maison au bord du canal, à deux pas de la sous-préfecture. Le dimanche après-midi, nous allions la voir avec mes cousins, et elle nous racontait comment, dans l'entre-deux-guerres, elle avait traversé la région à bicyclette pour rejoindre son fiancé.`,
  `Après la pluie, un arc-en-ciel s'est dessiné au-dessus des collines, et les enfants sont sortis en courant pour le regarder. Ceux-ci riaient, ceux-là se disputaient déjà pour savoir qui l'avait vu le premier ; quant aux adultes, ils restaient sur le pas de la porte, un peu étonnés eux-mêmes.`,
  `Le procès-verbal de la séance précédente est adopté à l'unanimité. Le rapporteur présente ensuite le compte rendu de la commission des finances, qui propose d'inscrire au budget supplémentaire une somme de quarante-cinq mille euros destinée à la réfection de la toiture de l'école Jules-Ferry.`,
  `Il était une fois, dans un village au-delà des montagnes, un vieux meunier qui n'avait jamais quitté sa vallée. Est-ce la peur de l'inconnu qui le retenait, ou bien l'attachement à son moulin ? Personne ne le savait vraiment, et lui-même aurait été bien en peine de le dire.`,
  `Le sous-directeur a rappelé que les demandes de congé doivent être transmises au moins quinze jours à l'avance. Celles-ci seront examinées par le chef de service, qui pourra, le cas échéant, proposer d'autres dates compatibles avec les nécessités du service public.`,
  `Dans l'arrière-pays, les routes sont étroites et sinueuses, et il n'est pas rare de croiser un troupeau de moutons au détour d'un virage. Les touristes, eux, s'arrêtent volontiers pour prendre des photographies, au grand dam des automobilistes pressés qui klaxonnent derrière eux.`,
  `Vingt-deux candidats se sont présentés à l'examen, dont dix-sept ont été admis. Le jury, présidé par Marie-Claire Dubois, a salué la qualité des épreuves écrites, tout en regrettant que certains candidats n'aient pas su mettre en valeur leurs connaissances lors de l'épreuve orale.`,
  `Allez-vous vraiment partir demain matin ? demanda-t-elle en posant sa tasse sur la table. Il hocha la tête sans répondre, puis se leva pour regarder par la fenêtre le jardin où, depuis des années, il avait planté des rosiers, des lilas et un vieux pommier tordu.`,
  `La commission d'appel d'offres s'est réunie le vingt-quatre septembre pour procéder à l'ouverture des plis. Trois entreprises ont remis une offre dans les délais ; la quatrième, arrivée le lendemain, a été rejetée comme hors délai, conformément au règlement de la consultation.`,
  `Le chef-lieu du département accueillera, la semaine prochaine, une exposition consacrée aux chefs-d'œuvre de la peinture régionale. Les visiteurs pourront y admirer des tableaux prêtés par des collectionneurs privés, dont certains n'avaient jamais été montrés au grand public.`,
  `Quelques-uns des participants ont fait remarquer que le rendez-vous avait été fixé trop tôt dans la matinée. Le secrétaire général a répondu que l'horaire serait revu lors de la prochaine réunion, et qu'un compte rendu détaillé serait adressé à chacun des membres du comité.`,
  `Le Val-de-Marne, la Seine-Saint-Denis et les Hauts-de-Seine forment ce que l'on appelle la petite couronne. Saint-Étienne, Aix-en-Provence et Clermont-Ferrand, en revanche, sont des villes de province, chacune avec son histoire et ses traditions.`,
  `Le garde-champêtre a constaté que le portail de la propriété était resté ouvert toute la nuit. Il en a informé le propriétaire, qui a promis de faire installer un système de fermeture automatique avant la fin du mois, afin d'éviter que les chiens errants ne pénètrent dans le jardin.`,
  `Le lendemain, vers quatre heures de l'après-midi, un orage éclata au-dessus de la ville. Les passants se réfugièrent sous les porches, les terrasses des cafés se vidèrent en quelques instants, et le tonnerre gronda longtemps au loin, vers le nord-ouest, avant que le soleil ne revienne.`,
]

/** Hand-written English paragraphs. */
export const ENGLISH_PARAGRAPHS = [
  `The well-known historian spent twenty-five years studying the records of the old harbour. Her findings, published in a two-volume work, changed our understanding of how the town grew from a fishing village into a busy port during the eighteenth century.`,
  `Self-employed workers are entitled to the same protection as employees when they contribute to the scheme. The committee recommended that the long-term effects of the reform be assessed by an independent body before any decision is taken on its extension.`,
  `On Saturday afternoon the children built a tree-house at the bottom of the garden. Their grandfather, a retired carpenter, showed them how to measure the boards, how to hold the saw, and how to drive a nail without bending it, which turned out to be the hardest part.`,
  `The government announced a new programme to support small businesses in rural areas. According to the minister, the scheme will provide low-interest loans, training in accounting and marketing, and a network of advisers who will visit each participating business at least twice a year.`,
  `Mary-Ann Johnson, the vice-chairman of the board, presented the annual report. She noted that the company had reduced its operating costs by eleven per cent while increasing its investment in research, and that the results of the first quarter were encouraging.`,
  `The library will be closed from the first to the fifteenth of August for maintenance. During this period, books may be returned through the letterbox at the main entrance, and the online catalogue will remain available to all registered readers.`,
]

const FR_SUBJ = [
  'Le maire',
  'La directrice',
  'Le préfet',
  'Mon voisin',
  'La commission',
  "L'architecte",
  'Le rapporteur',
  'Notre association',
  'Le conseil départemental',
  'La présidente',
  'Le sous-préfet',
  'Le porte-parole',
  'Le garde-champêtre',
  'La belle-sœur du notaire',
  'Jean-Luc',
  'Marie-Hélène',
  "L'ingénieur en chef",
]
const FR_VERB = [
  'a rappelé que',
  'a indiqué que',
  'estime que',
  'a constaté que',
  'souligne que',
  'a précisé que',
  'rappelle aux habitants que',
  'considère que',
  'a fait savoir que',
  'affirme volontiers que',
]
const FR_CLAUSE = [
  "les travaux de voirie commenceront au début du printemps, c'est-à-dire dès que les conditions météorologiques le permettront",
  'la bibliothèque municipale restera ouverte pendant les vacances scolaires, peut-être avec des horaires réduits',
  'le stationnement sera interdit au-dessus du pont pendant toute la durée du chantier',
  'les demandes de subvention devront être déposées avant le trente et un décembre, faute de quoi elles seront rejetées',
  'la nouvelle école accueillera dix-huit classes et une cantine entièrement rénovée',
  'vis-à-vis des riverains, la commune a toujours privilégié la concertation plutôt que la contrainte',
  'le marché hebdomadaire sera déplacé sur le parking situé au-dessous de la mairie',
  'les agents du service technique interviendront après-demain dans le quartier des Peupliers',
  "les associations sportives bénéficieront d'un créneau supplémentaire au gymnase le mercredi après-midi",
  "la réunion publique aura lieu dans la salle des fêtes, au rez-de-chaussée de l'hôtel de ville",
  "les habitants pourront eux-mêmes choisir l'emplacement des nouveaux bancs publics",
  'le budget de fonctionnement augmentera légèrement, sans hausse des impôts locaux',
  'la circulation des poids lourds sera limitée aux heures creuses de la journée',
  "le projet d'aménagement tient compte des observations formulées lors de l'enquête publique",
  'les contribuables pourront consulter le détail des dépenses sur le site de la commune',
  'la procédure de délégation de service public arrivera bientôt à son terme',
  "certains quartiers périphériques souffrent encore d'un manque d'équipements collectifs",
  'les transports scolaires seront gratuits pour les élèves domiciliés à plus de trois kilomètres',
  'la médiathèque proposera des ateliers de lecture destinés aux tout-petits',
  "la vidéoprotection sera étendue aux abords des établissements d'enseignement",
  'le porte-monnaie des ménages ne doit pas supporter seul le coût de la transition énergétique',
  "les trente-six communes de l'intercommunalité partageront désormais un service d'instruction des permis de construire",
  'la maison de santé pluridisciplinaire ouvrira ses portes au cours du deuxième semestre',
  'chacun doit pouvoir accéder aux services publics, quel que soit son lieu de résidence',
]
const FR_TAIL = [
  '',
  '',
  '',
  ' et que rien ne sera décidé sans concertation',
  ', ce que personne ne conteste',
  ", d'après les informations transmises par la préfecture",
  ', ce qui réjouit la plupart des commerçants',
  ', même si certains élus restent sceptiques',
  ', conformément à la réglementation en vigueur',
]
const FR_OPEN = [
  '',
  '',
  '',
  'Par ailleurs, ',
  'En outre, ',
  'Cependant, ',
  'Dans un second temps, ',
  'Au demeurant, ',
  'Quant au financement, ',
  'Toutefois, ',
  'De surcroît, ',
  'En définitive, ',
]
const FR_EXTRA = [
  "Qu'en pensent les habitants ? Beaucoup d'entre eux attendent depuis longtemps une réponse claire.",
  'Dix-neuf familles ont déjà fait connaître leur intérêt pour ce dispositif.',
  "Le compte rendu sera affiché à la porte de l'hôtel de ville pendant quinze jours.",
  'Peut-être faudra-t-il, le moment venu, revoir entièrement le calendrier.',
  'Celui-ci sera communiqué aux conseillers municipaux dans les meilleurs délais.',
  "Cette décision, prise à l'unanimité, met fin à plusieurs années d'incertitude.",
  "Les services de l'État ont été informés de ces dispositions par courrier recommandé.",
  "Aujourd'hui, la situation financière de la commune reste saine malgré la baisse des dotations.",
]

const EN_SUBJ = [
  'The mayor',
  'The director',
  'Our neighbour',
  'The committee',
  'The architect',
  'The chairman',
  'The vice-president',
  'The spokesperson',
  'The head teacher',
  'Mary-Ann',
]
const EN_VERB = ['reminded us that', 'pointed out that', 'believes that', 'confirmed that', 'stressed that', 'explained that', 'announced that']
const EN_CLAUSE = [
  'the road works will begin early in the spring, as soon as the weather allows',
  'the public library will remain open during the school holidays, with slightly shorter hours',
  'a well-designed cycle path would reduce the number of cars in the town centre',
  'applications for funding must be submitted before the thirty-first of December',
  'the new school will welcome eighteen classes and a completely renovated canteen',
  'the weekly market will move to the car park behind the town hall',
  'the long-term maintenance of the building has been neglected for many years',
  'the residents themselves will choose where the new benches are installed',
  'the operating budget will increase slightly without any rise in local taxes',
  'heavy goods vehicles will only be allowed on the bridge outside peak hours',
  'every household should be able to reach public services within a reasonable time',
  'the two-year programme was approved after a lengthy and sometimes difficult discussion',
]
const EN_OPEN = ['', '', '', 'Furthermore, ', 'However, ', 'In addition, ', 'Nevertheless, ', 'Meanwhile, ', 'In the end, ']

function pick(rnd, xs) {
  return xs[Math.floor(rnd() * xs.length)]
}

/** Lower-cases the subject's first letter after an opener, unless it is a name. */
function lowerSubj(s) {
  return /^(Le|La|L'|Les|Mon|Notre|The|Our) ?/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s
}

function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

/** A seeded generated French paragraph of about `n` sentences. */
export function frenchParagraph(rnd, n) {
  const out = []
  for (let i = 0; i < n; i++) {
    if (rnd() < 0.2) out.push(pick(rnd, FR_EXTRA))
    else {
      const open = pick(rnd, FR_OPEN)
      const subj = pick(rnd, FR_SUBJ)
      out.push(
        `${open}${open ? lowerSubj(subj) : subj} ${pick(rnd, FR_VERB)} ${pick(rnd, FR_CLAUSE)}${pick(rnd, FR_TAIL)}.`
          .replace(/que (les|la|le|l')/g, (m) => m)
          .replace(/que ([aeiouéè])/g, "qu'$1"),
      )
    }
  }
  return out.join(' ')
}

/** A seeded generated English paragraph. */
export function englishParagraph(rnd, n) {
  const out = []
  for (let i = 0; i < n; i++) {
    const open = pick(rnd, EN_OPEN)
    const subj = pick(rnd, EN_SUBJ)
    out.push(`${open}${open ? lowerSubj(subj) : subj} ${pick(rnd, EN_VERB)} ${pick(rnd, EN_CLAUSE)}.`)
  }
  return cap(out.join(' '))
}

/**
 * French paragraphs where each compound (and each closed compound of two words: surtout, pourtant, portefeuille)
 * appears about once, so that the document's own vocabulary cannot decide: the cold case.
 */
export const FRENCH_COLD = [
  `Avant-hier, mon beau-frère est venu dîner avec sa femme et leurs enfants. Nous avons parlé longtemps de tout et de rien, surtout de la maison de campagne que son grand-père lui a laissée, là-bas, au pied des Alpes-de-Haute-Provence.`,
  `Le vice-président de la communauté de communes a présenté le projet de contournement routier. Pourtant, plusieurs élus ont fait valoir que l'arrière-plan financier restait flou, et qu'une contre-expertise serait nécessaire avant toute décision définitive.`,
  `Parfois, le soir, elle descendait au sous-sol chercher une bouteille de cidre, et elle remontait avec un chou-fleur oublié depuis l'automne. Lorsque nous lui demandions pourquoi, elle haussait les épaules et répondait que le désordre avait du bon.`,
  `Le haut-parleur de la gare annonça que le train à destination de Notre-Dame-de-Bondeville aurait une demi-heure de retard. Beaucoup de voyageurs, exaspérés, se dirigèrent vers le buffet, tandis que d'autres s'installaient pêle-mêle sur les bancs du quai.`,
  `Je soussigné, Paul-Henri Lefèvre, demeurant quatre-vingt-douze rue de la Gendarmerie, certifie sur l'honneur l'exactitude des renseignements portés ci-dessous. Les pièces justificatives sont ci-jointes ; le passeport et le portefeuille retrouvés ont été remis au commissariat.`,
  `Que voulez-vous que je vous dise ? Dit-il en souriant. Voilà trois semaines que j'attends une réponse, et voici qu'on me demande de recommencer toute la procédure depuis le début. Va-t-on enfin m'expliquer pourquoi mon dossier a disparu ?`,
  `Au cours de la mi-temps, l'entraîneur a réuni ses joueurs dans le vestiaire pour un tête-à-tête assez vif. Toutefois, la contre-attaque menée en seconde période n'a pas suffi : l'équipe a perdu, et le porte-drapeau du club a quitté le stade sans un mot.`,
  `Le bien-être des résidents dépend aussi du savoir-faire du personnel soignant. Aujourd'hui, la maison de retraite emploie soixante-dix salariés, dont une quarantaine d'aides-soignantes, et elle accueille chaque week-end de nombreuses familles.`,
  `Celui-ci prétendait que le pot-au-feu de sa grand-tante était le meilleur du canton ; celle-là soutenait au contraire que rien ne valait la cuisine de sa belle-mère. Quelquefois la discussion tournait à l'aigre, puisque ni l'un ni l'autre ne voulait céder.`,
  `L'ex-ministre a été entendu par le juge d'instruction, qui a finalement prononcé un non-lieu. Le va-et-vient des journalistes devant le palais de justice a duré toute la journée, jusqu'à ce que l'avocat sorte pour lire une brève déclaration.`,
  `Par-dessus le mur du jardin, on apercevait le clocher de l'église Saint-Martin et, au-delà, les collines boisées. L'autoroute passait à deux kilomètres, mais on ne l'entendait que lorsque le vent soufflait du sud-est.`,
  `Laisse-moi le temps de réfléchir, lui répondit-elle. Là-dessus, elle rangea son parapluie, prit son manteau et sortit sans se retourner. Nous restâmes face à face, un peu gênés, sans savoir s'il fallait la rattraper.`,
  `Le semi-remorque s'était mis en travers de la route nationale, bloquant la circulation pendant plus de deux heures. Maintenant, la préfecture envisage d'interdire le passage des poids lourds sur ce tronçon pendant les périodes de forte affluence.`,
  `Le cul-de-sac où habitait l'auto-entrepreneur donnait sur une petite place plantée de tilleuls. Chaque matin, il saluait le facteur, achetait son journal et laissait un pourboire au garçon du café, lequel lui gardait toujours la même table.`,
]
