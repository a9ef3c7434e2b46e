import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { PageImage } from '@pdftriage/core'
import { measureSkew, skewOf, straighten } from '../src/deskew.js'
import { DESKEW_MIN_GAIN } from '../src/options.js'
import { createTesseractEngine, type TesseractEngine } from '../src/index.js'
import { cer, drawPage, type DrawnLine } from './draw.js'

const DPI = 300
const W = 2480
const H = 1400
// a paragraph of long lines: a skew shifts a line's ends by several line heights, which tesseract does not follow
const WORDS =
  'Le conseil municipal a délibéré sur le budget de la commune pour la prochaine année et sur les travaux de voirie ' +
  'prévus au printemps dans les quartiers du nord ainsi que sur la rénovation de la salle des fêtes et de la bibliothèque'
const LINES: DrawnLine[] = []
{
  const words = WORDS.split(' ')
  for (let i = 0, y = 300; i < words.length; y += 80) {
    const line: string[] = []
    while (i < words.length && [...line, words[i]].join(' ').length <= 62) line.push(words[i++]!)
    LINES.push({ text: line.join(' '), x: 200, y, size: 50 })
  }
}
const TRUTH = LINES.map((l) => l.text).join('\n')

/** The image turned clockwise by `deg` (90: the left column becomes the top row). */
function turned(img: PageImage, deg: 90 | 270): PageImage {
  const { width: w, height: h, data } = img
  const out = new Uint8Array(w * h)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (deg === 90) out[x * h + (h - 1 - y)] = data[y * w + x]!
      else out[(w - 1 - x) * h + y] = data[y * w + x]!
    }
  return { ...img, width: h, height: w, data: out }
}

describe('deskew', () => {
  test('measures the skew a page was drawn at, either way, and none on a level page', async () => {
    for (const deg of [6, -4, 0]) {
      const m = measureSkew(await drawPage(LINES, W, H, DPI, 1, deg), 10)
      assert.ok(Math.abs(m - deg) < 0.3, `drawn at ${deg}, measured ${m}`)
    }
  })

  test('lines of text turned a few degrees gain clearly at their skew; round pictures gain nothing, whatever angle wins', async () => {
    const text = skewOf(await drawPage(LINES, W, H, DPI, 1, 4), 10)
    assert.ok(text.gain >= DESKEW_MIN_GAIN, `text at 4 degrees: gain ${text.gain}`)
    // a page of logos and stamps: discs of ink, as sharp in rows at any angle
    const data = new Uint8Array(W * H).fill(255)
    for (const [cx, cy, r] of [
      [600, 500, 300],
      [1700, 700, 450],
      [1100, 1150, 120],
    ] as const) {
      for (let y = cy - r; y <= cy + r; y++) for (let x = cx - r; x <= cx + r; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) data[y * W + x] = 0
    }
    const discs = skewOf({ pageNumber: 1, width: W, height: H, dpi: DPI, data }, 10)
    assert.ok(discs.gain < DESKEW_MIN_GAIN, `discs: ${discs.degrees} degrees, gain ${discs.gain}`)
  })

  test('measures the skew of a page scanned sideways off plumb, and none on a plumb one', async () => {
    for (const deg of [5, -3, 0]) {
      for (const turn of [90, 270] as const) {
        const m = measureSkew(turned(await drawPage(LINES, W, H, DPI, 1, deg), turn), 10)
        // a turn keeps the sense of a skew: lines drawn `deg` clockwise off level run `deg` clockwise off plumb
        assert.ok(Math.abs(m - deg) < 0.3, `drawn at ${deg}, turned ${turn}, measured ${m}`)
      }
    }
  })

  test('straightening maps a box of the level image back over the same ink', async () => {
    const img = await drawPage(LINES, W, H, DPI, 1, 6)
    const st = straighten(img, 6)
    assert.ok(Math.abs(measureSkew(st.image, 10)) < 0.3)
    // the whole straightened canvas comes back as the whole page
    const all = st.toOriginal({ x0: 0, y0: 0, x1: st.image.width, y1: st.image.height })
    assert.deepEqual(all, { x0: 0, y0: 0, x1: W, y1: H })
  })

  describe('the engine', () => {
    let engine: TesseractEngine
    let level: TesseractEngine
    before(() => {
      engine = createTesseractEngine({ workers: 1, languages: ['fra'] })
      level = createTesseractEngine({ workers: 1, languages: ['fra'], deskew: false })
    })
    after(async () => {
      await engine.close()
      await level.close()
    })

    test('reads a page skewed by 6 degrees straightened, better than as it is, with boxes on the page as drawn', async () => {
      const img = await drawPage(LINES, W, H, DPI, 1, 6)
      const page = await engine.recognize(img)
      assert.ok(page.skew !== undefined && Math.abs(page.skew - 6) < 0.3, `skew ${page.skew}`)
      const straight = cer(page.text, TRUTH)
      const asIs = cer((await level.recognize(img)).text, TRUTH)
      assert.ok(straight < 0.03, `CER straightened ${straight}: ${JSON.stringify(page.text)}`)
      assert.ok(straight < asIs, `CER straightened ${straight}, as it is ${asIs}`)
      // the first line's first word, drawn at (200, 300) px before the page was turned 6 degrees about its centre
      const a = (6 * Math.PI) / 180
      const [dx, dy] = [200 - W / 2, 300 - H / 2]
      const at = { x: W / 2 + dx * Math.cos(a) - dy * Math.sin(a), y: H / 2 + dx * Math.sin(a) + dy * Math.cos(a) }
      const first = page.items.find((i) => i.text === 'Le')
      assert.ok(first, `no "Le" in ${page.items.map((i) => i.text).join(' ')}`)
      const k = 72 / DPI
      assert.ok(Math.abs(first.bbox.x0 - at.x * k) < 15 && Math.abs(first.bbox.y1 - at.y * k) < 15, `${JSON.stringify(first.bbox)} vs ${JSON.stringify(at)}`)
    })

    test('leaves a level page alone', async () => {
      const page = await engine.recognize(await drawPage(LINES, W, H, DPI, 1, 0))
      assert.equal(page.skew, undefined)
      assert.ok(cer(page.text, TRUTH) < 0.03)
    })
  })
})
