import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isTriageError } from '@pdftriage/core'
import { deepNestingPdf, formCyclePdf, hugeJpegPdf, hugeImagePdf, hugeMaskPdf, pageTreeCyclePdf, sharedKidsPdf } from '@pdftriage/fixtures'
import { minimalPdf } from '@pdftriage/core/testing'
import { pdfjsExtractor } from '../src/index.js'

const open = async (bytes: Uint8Array, options = {}) =>
  (await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse(options), { baseDir: '.' })).open(bytes, { file: 'bomb.pdf' })

describe("pdf.js's own guards", () => {
  it('leaves out an image declaring 60000 x 60000 pixels instead of decoding it, and reads the page', async () => {
    for (const bytes of [hugeJpegPdf(), hugeImagePdf()]) {
      const doc = await open(bytes)
      try {
        const before = process.memoryUsage().rss
        const page = await doc.getPageText(1)
        assert.match(page.text, /A page that reads/)
        // decoded, the image would be 3.6 GB grey and 14 GB RGBA
        assert.ok(process.memoryUsage().rss - before < 200e6)
      } finally {
        await doc.close()
      }
    }
  })
  it('leaves out a small image that its soft mask would have drawn past the pixel limit, and says which', async () => {
    // a 2 x 2 black image with an opaque 2,000 x 1,000 mask over the top half; pdf.js draws it at 2 MP
    const bytes = hugeMaskPdf(2000, 1000)
    const mean = (img: { width: number; height: number; data: Uint8Array }, top: boolean) => {
      let sum = 0
      const half = Math.floor(img.height / 2)
      for (let y = top ? 0 : half; y < (top ? half : img.height); y++) for (let x = 0; x < img.width; x++) sum += img.data[y * img.width + x]!
      return sum / (half * img.width)
    }
    const kept = await open(bytes, { maxImagePixels: 2_000_000 })
    assert.equal(kept.info.imagesLeftOut, undefined)
    assert.ok(mean(await kept.renderPage(1, 20), true) < 5, 'under the limit the picture is drawn (black)')
    await kept.close()
    const limited = await open(bytes, { maxImagePixels: 1_999_999 })
    assert.deepEqual(limited.info.imagesLeftOut, [{ ref: '6 0', width: 2000, height: 1000 }])
    assert.ok(mean(await limited.renderPage(1, 20), true) > 250, 'over it the picture is left out (white)')
    assert.match((await limited.getPageText(1)).text, /A page that reads/)
    await limited.close()
  })
  it('refuses a page tree declaring 2^26 pages when it opens, naming the option that raises the limit', async () => {
    await assert.rejects(
      open(sharedKidsPdf()),
      (e) => isTriageError(e, 'DOC_TOO_LARGE') && /67108864 pages/.test(e.message) && /maxPages/.test(e.message) && /bomb\.pdf/.test(e.message),
    )
    const small = await open(sharedKidsPdf(4), { maxPages: 16 })
    assert.equal(small.pageCount, 16)
    await small.close()
  })
  it('refuses a tree of shared kids under maxPages (one page object as 32,768 pages), and reads 1,000 distinct pages', async () => {
    await assert.rejects(open(sharedKidsPdf(15)), (e) => isTriageError(e, 'PDF_INVALID') && /32768 pages/.test(e.message) && /shared kids/.test(e.message))
    const many = await open(minimalPdf(Array.from({ length: 1000 }, (_, i) => [`page ${i + 1}`])))
    assert.equal(many.pageCount, 1000)
    await many.close()
  })
  it('refuses a page nesting graphics states past maxNesting, naming the option; the document still answers', async () => {
    // 500,000 `q` deep: pdf.js alone would take hours (its time grows with the square of the depth)
    const bomb = await open(deepNestingPdf(500_000))
    const refused = (e: unknown) =>
      isTriageError(e, 'PAGE_FAILED') && /over the limit of 4096 deep/.test(e.message) && /maxNesting/.test(e.message) && /bomb\.pdf/.test(e.message)
    await assert.rejects(bomb.getPageText(1), refused)
    await assert.rejects(bomb.getPageText(1), refused)
    await bomb.close()
    // under the limit the page reads; a lower limit refuses it
    const deep = deepNestingPdf(4000)
    const doc = await open(deep)
    assert.match((await doc.getPageText(1)).text, /A page that reads/)
    await doc.close()
    const strict = await open(deep, { maxNesting: 1000 })
    await assert.rejects(strict.getPageText(1), (e) => isTriageError(e, 'PAGE_FAILED') && /limit of 1000 deep/.test(e.message))
    await strict.close()
  })
  it('reads through forms that draw themselves and a page tree that lists itself', async () => {
    const doc = await open(formCyclePdf())
    assert.match((await doc.getPageText(1)).text, /A page that reads/)
    await doc.close()
    const tree = await open(pageTreeCyclePdf())
    assert.match((await tree.getPageText(1)).text, /A page that reads/)
    await assert.rejects(tree.getPageText(2), (e) => isTriageError(e, 'PAGE_FAILED'))
    await tree.close()
  })
})
