export { hocrWriter as default, hocrWriter, documentHocr, HOCR_WRITER_NAME } from './hocr-writer.js'
export { hocrWriterOptionsSchema, type HocrWriterOptions } from './options.js'
export { hocrXhtml, type HocrOptions } from './hocr.js'
