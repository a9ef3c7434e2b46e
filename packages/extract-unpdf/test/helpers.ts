import type { ExtractedDocument, Extractor, PageImage, PageText } from '@pdftriage/core'
import pdfjsExtractor from '@pdftriage/extract-pdfjs'
import { garbledPdf, healthyPdf, menuPicturePdf, mixedFontPdf, ocrLayerPdf, reflectedPdf, scannedPdf, vectorPdf } from '@pdftriage/fixtures'

/** Fixture documents that exercise text, fonts, invisible layers, pictures, scans and vector paths. */
export const fixtureDocs = async (): Promise<Array<[string, Uint8Array]>> => [
  ['healthy fr', await healthyPdf('fr')],
  ['mixed fonts', await mixedFontPdf()],
  ['garbled layer', await garbledPdf()],
  ['reflected layer', await reflectedPdf()],
  ['OCR layer over a scan', await ocrLayerPdf()],
  ['scan', await scannedPdf()],
  ['picture beside text', await menuPicturePdf()],
  ['vector page', await vectorPdf()],
]

export const pdfjsBaseline = (): Promise<Extractor> => Promise.resolve(pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' }))

/** Every page's text (as the judges get it) and, with `dpi`, its render. */
export async function readAll(
  ex: Extractor,
  bytes: Uint8Array,
  dpi?: number,
): Promise<{ pages: PageText[]; renders: PageImage[]; info: ExtractedDocument['info'] }> {
  const doc = await ex.open(bytes)
  try {
    const pages: PageText[] = []
    const renders: PageImage[] = []
    for (let n = 1; n <= doc.pageCount; n++) {
      pages.push(await doc.getPageText(n))
      if (dpi !== undefined) renders.push(await doc.renderPage(n, dpi))
    }
    return { pages, renders, info: doc.info }
  } finally {
    await doc.close()
  }
}

/**
 * Pages as plain data to compare across extractors: pdf.js names fonts by document (`g_d3_f1` is font 1 of the
 * process's fourth document), so the document number is taken out; glyph records are read through their getters.
 */
export const comparable = (x: unknown): unknown => JSON.parse(JSON.stringify(x).replace(/"g_d\d+_/g, '"g_d_')) as unknown
