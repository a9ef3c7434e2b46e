// The public API of @pdftriage/write-alto: the `write-alto` writer plugin, its options, and the page layout and XML
// helpers the hOCR writer shares.
export { altoWriter as default, altoWriter, documentAlto, ALTO_WRITER_NAME } from './alto-writer.js'
export { altoWriterOptionsSchema, type AltoWriterOptions } from './options.js'
export { altoXml, ALTO_NAMESPACE, type AltoOptions } from './alto.js'
export { itemWords, pageLayout, type LayoutBlock, type LayoutLine, type LayoutWord, type PageLayout } from './layout.js'
export { unitBox, unitsPerPoint, type MeasurementUnit } from './units.js'
export { escapeXml, xmlChars } from './xml.js'
