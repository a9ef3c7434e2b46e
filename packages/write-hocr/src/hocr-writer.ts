// The `write-hocr` writer plugin: `<stem>.hocr`, hOCR of every page with the word boxes of the text each page kept
// (the extractor's, or the OCR engine's with their confidence).
import { createRequire } from 'node:module'
import { basename } from 'node:path'
import { definePlugin, type PageResult, type Writer } from '@pdftriage/core'
import { pageLayout } from '@pdftriage/write-alto'
import { hocrXhtml } from './hocr.js'
import { hocrWriterOptionsSchema } from './options.js'

/** The writer's name, in errors. */
export const HOCR_WRITER_NAME = 'write-hocr'

const VERSION = (createRequire(import.meta.url)('../../package.json') as { version: string }).version

/** The hOCR document of a finished document's pages: every page, kept layers and OCR alike. */
export function documentHocr(pages: readonly Pick<PageResult, 'pageNumber' | 'page' | 'ocrConfidence'>[], o: { dpi: number; file?: string }): string {
  return hocrXhtml(pages.map(pageLayout), { dpi: o.dpi, ...(o.file ? { title: basename(o.file) } : {}), software: { name: 'pdftriage', version: VERSION } })
}

/**
 * Plugin factory of the hOCR writer: `<stem>.hocr` (role `hocr`), hOCR of every page, with the word boxes of the text
 * each page kept (the extractor's for a kept or repaired layer, the OCR engine's with their confidence for an OCRed
 * page). It needs the pages' items, which the batch then keeps for the whole document.
 */
export const hocrWriter = definePlugin({
  kind: 'writer',
  name: HOCR_WRITER_NAME,
  optionsSchema: hocrWriterOptionsSchema,
  create: (o): Writer => ({
    name: HOCR_WRITER_NAME,
    needs: { items: true },
    write: (doc) => [{ role: 'hocr', path: `${doc.stem}.hocr`, data: documentHocr(doc.pages, { dpi: o.dpi, file: doc.file }) }],
  }),
})
