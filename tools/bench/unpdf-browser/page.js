import { createUnpdfExtractor, unpdfExtractorOptionsSchema } from '@pdftriage/extract-unpdf'
async function run(choice) {
  const bytes = new Uint8Array(await (await globalThis.fetch('/sample.pdf')).arrayBuffer())
  const ex = createUnpdfExtractor(
    unpdfExtractorOptionsSchema.parse({ standardFontDataUrl: '/pdfjs/standard_fonts/', cMapUrl: '/pdfjs/cmaps/', wasmUrl: '/pdfjs/wasm/', pdfjs: choice }),
  )
  const doc = await ex.open(bytes)
  const pages = []
  for (let n = 1; n <= doc.pageCount; n++) {
    const p = await doc.getPageText(n)
    const img = await doc.renderPage(n, 72)
    let dark = 0
    for (const v of img.data) if (v < 128) dark++
    pages.push({ text: p.text, fonts: Object.values(p.fonts ?? {}).map((f) => f.name), imageCoverage: p.imageCoverage, w: img.width, h: img.height, dark })
  }
  await doc.close()
  return pages
}
globalThis.runSmoke = async (choice) => {
  try {
    return { ok: true, pages: await run(choice) }
  } catch (e) {
    return { ok: false, error: String(e?.stack ?? e) }
  }
}
globalThis.smokeReady = true
