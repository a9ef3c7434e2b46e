import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { PageImage } from '@pdftriage/core'
import { createTesseractEngine, type TesseractEngine } from '../src/index.js'
import { smoothBlocks } from '../src/smooth.js'
import { cer, drawPage, type DrawnLine } from './draw.js'

/** What pdf.js does to a scan stored below the render resolution: each pixel becomes an f x f block. */
function enlarge(img: PageImage, f: number): PageImage {
  const [w, h] = [img.width * f, img.height * f]
  const data = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = img.data[Math.floor(y / f) * img.width + Math.floor(x / f)]!
  return { pageNumber: img.pageNumber, width: w, height: h, dpi: img.dpi * f, data }
}

/** A scanner at `dpi / f`: each f x f block of the page averaged into one pixel. */
function reduce(img: PageImage, f: number): PageImage {
  const [w, h] = [img.width / f, img.height / f]
  const data = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0
      for (let j = 0; j < f; j++) for (let i = 0; i < f; i++) s += img.data[(y * f + j) * img.width + x * f + i]!
      data[y * w + x] = s / (f * f)
    }
  }
  return { pageNumber: img.pageNumber, width: w, height: h, dpi: img.dpi / f, data }
}

// small type (28 px at 300 dpi, 7 pt) scanned at 75 dpi: letters 5-7 pixels high, where the stair steps cost most
// (on larger type the two readings were within a few characters of each other either way)
const LINES: DrawnLine[] = [
  'Les habitants sont invités à la réunion publique',
  'qui se tiendra le mardi douze mars à dix-huit heures',
  'dans la salle du conseil de la mairie annexe du bourg.',
].map((text, i) => ({ text, x: 160, y: 160 + i * 50, size: 28 }))
const TRUTH = LINES.map((l) => l.text).join('\n')

describe('a low-resolution scan', () => {
  test('smoothing turns blocks into linear interpolation between the scan pixels', () => {
    const img = enlarge({ pageNumber: 1, width: 2, height: 1, dpi: 75, data: Uint8Array.from([0, 200]) }, 4)
    const row = [...smoothBlocks(img, 4).data.subarray(0, 8)]
    // flat inside the first block's far side, a ramp of 4 steps across the edge, flat again
    assert.deepEqual(row, [0, 0, 50, 100, 150, 200, 200, 200])
  })

  describe('the engine', () => {
    let engine: TesseractEngine
    let plain: TesseractEngine
    before(() => {
      engine = createTesseractEngine({ workers: 1, languages: ['fra'] })
      plain = createTesseractEngine({ workers: 1, languages: ['fra'], smoothEnlarged: false })
    })
    after(async () => {
      await engine.close()
      await plain.close()
    })

    test('reads a 75 dpi scan enlarged to 300 dpi better smoothed than blocky', async () => {
      const img = enlarge(reduce(await drawPage(LINES, 2000, 560, 300), 4), 4)
      const smoothed = cer((await engine.recognize(img, { sourceDpi: 75 })).text, TRUTH)
      const blocky = cer((await plain.recognize(img, { sourceDpi: 75 })).text, TRUTH)
      assert.ok(smoothed < blocky, `CER smoothed ${smoothed}, blocky ${blocky}`)
    })
  })
})
