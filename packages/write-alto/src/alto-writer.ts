// The `write-alto` writer plugin: `<stem>.alto.xml`, ALTO v4 of every page with the word boxes of the text each page
// kept (the extractor's, or the OCR engine's with their confidence).
import { createRequire } from 'node:module'
import { basename } from 'node:path'
import { definePlugin, type PageResult, type Writer } from '@pdftriage/core'
import { altoXml } from './alto.js'
import { pageLayout } from './layout.js'
import { altoWriterOptionsSchema } from './options.js'
import type { MeasurementUnit } from './units.js'

/** The writer's name, in errors. */
export const ALTO_WRITER_NAME = 'write-alto'

const VERSION = (createRequire(import.meta.url)('../../package.json') as { version: string }).version

/** The ALTO v4 document of a finished document's pages: every page, kept layers and OCR alike. */
export function documentAlto(
  pages: readonly Pick<PageResult, 'pageNumber' | 'page' | 'ocrConfidence'>[],
  o: { unit: MeasurementUnit; dpi: number; file?: string },
): string {
  return altoXml(pages.map(pageLayout), {
    unit: o.unit,
    dpi: o.dpi,
    ...(o.file ? { fileName: basename(o.file) } : {}),
    software: { name: 'pdftriage', version: VERSION },
  })
}

/**
 * Plugin factory of the ALTO writer: `<stem>.alto.xml` (role `alto`), ALTO v4 of every page, with the word boxes of
 * the text each page kept (the extractor's for a kept or repaired layer, the OCR engine's with their confidence for
 * an OCRed page). It needs the pages' items, which the batch then keeps for the whole document.
 */
export const altoWriter = definePlugin({
  kind: 'writer',
  name: ALTO_WRITER_NAME,
  optionsSchema: altoWriterOptionsSchema,
  create: (o): Writer => ({
    name: ALTO_WRITER_NAME,
    needs: { items: true },
    write: (doc) => [{ role: 'alto', path: `${doc.stem}.alto.xml`, data: documentAlto(doc.pages, { unit: o.unit, dpi: o.dpi, file: doc.file }) }],
  }),
})
