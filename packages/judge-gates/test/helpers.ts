import type { PageText, TextItem } from '@pdftriage/core'

/** French administrative prose, written for these tests. */
export const FRENCH =
  "Le maire de la commune, vu le code général des collectivités territoriales, et considérant qu'il convient " +
  "d'assurer la sécurité des usagers pendant la durée des travaux, arrête : Article premier. La circulation sera " +
  "interdite rue de l'Église, du lundi au vendredi, de huit heures à dix-sept heures. Article deux. Une déviation " +
  "sera mise en place par l'avenue du Général Leclerc. Article trois. Le présent arrêté sera affiché en mairie et " +
  'publié selon les formes habituelles ; ampliation en sera adressée à la préfecture pour le contrôle de légalité.'

/** English prose, written for these tests. */
export const ENGLISH =
  'The committee met on the first Tuesday of the month to review the progress of the restoration work on the old ' +
  'library. The architect reported that the roof had been repaired before the winter rains and that the damaged ' +
  'windows on the north side would be replaced by the end of the season. Several members asked whether the reading ' +
  'room could reopen earlier, since the students of the nearby school had no other quiet place to work in the afternoon.'

/** A table of amounts. */
export const NUMERIC =
  'Chapitre Prévu Réalisé Écart\n011 1 254 300,00 1 198 745,12 55 554,88\n012 2 845 000,00 2 861 204,55 -16 204,55\n' +
  '014 45 000,00 44 120,00 880,00\n65 612 450,00 598 377,40 14 072,60\n66 98 000,00 97 412,18 587,82\n' +
  '67 12 000,00 3 250,00 8 750,00\n022 50 000,00 0,00 50 000,00\n023 420 000,00 420 000,00 0,00\n' +
  'Total 5 336 750,00 5 223 109,25 113 640,75'

/**
 * A text whose characters are renumbered by first appearance to ASCII from `!` (corpus garbling variant A). With
 * `spaces`, the space glyph is renumbered too (as a font whose map covers it): words run together.
 */
export function garbleAscii(text: string, spaces = false): string {
  const map = new Map<string, string>()
  let out = ''
  for (const ch of text) {
    if (ch === '\n' || (!spaces && /\s/.test(ch))) {
      out += ch
      continue
    }
    if (!map.has(ch)) map.set(ch, String.fromCharCode(0x21 + map.size))
    out += map.get(ch)
  }
  return out
}

/** A text whose characters map pseudo-randomly into U+00A1..U+00FF (variant B), or into C0 controls and symbols. */
export function garbleInto(text: string, kind: 'latin1' | 'controls', seed = 7): string {
  let s = seed
  const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
  const map = new Map<string, string>()
  let out = ''
  for (const ch of text) {
    if (/\s/.test(ch)) {
      out += ch
      continue
    }
    if (!map.has(ch)) {
      const c =
        kind === 'latin1' ? 0xa1 + Math.floor(rnd() * 95) : [...Array(31).keys()].map((i) => i + 1).filter((i) => i < 9 || i > 13)[Math.floor(rnd() * 26)]!
      map.set(ch, String.fromCodePoint(kind === 'controls' && rnd() < 0.3 ? 0x21 + Math.floor(rnd() * 30) : c))
    }
    out += map.get(ch)
  }
  return out
}

/** Builds a page from runs of text, one item per line, each run in its font. */
export function page(runs: Array<{ text: string; font?: string; name?: string }> | string, extra: Partial<PageText> = {}): PageText {
  const list = typeof runs === 'string' ? [{ text: runs }] : runs
  const items: TextItem[] = []
  const fonts: NonNullable<PageText['fonts']> = {}
  let y = 50
  for (const r of list) {
    const font = r.font ?? 'f1'
    fonts[font] = r.name ? { id: font, name: r.name } : { id: font }
    for (const line of r.text.split('\n').flatMap((l) => l.match(/.{1,80}(?:\s|$)|\S{80}/g) ?? [])) {
      items.push({ text: line.trim(), bbox: { x0: 50, y0: y, x1: 545, y1: y + 10 }, fontId: font, hasEol: true })
      y += 12
    }
  }
  return { pageNumber: 1, width: 595, height: 842, items, text: items.map((i) => i.text).join('\n'), fonts, source: 'text-layer', ...extra }
}
