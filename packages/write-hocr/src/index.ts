// The public API of @pdftriage/write-hocr: the `write-hocr` writer plugin, its options and its XHTML.
export { hocrWriter as default, hocrWriter, documentHocr, HOCR_WRITER_NAME } from './hocr-writer.js'
export { hocrWriterOptionsSchema, type HocrWriterOptions } from './options.js'
export { hocrXhtml, type HocrOptions } from './hocr.js'
