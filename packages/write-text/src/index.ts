export { textWriter as default, textWriter, TEXT_WRITER_NAME } from './text-writer.js'
export { textWriterOptionsSchema, type TextWriterOptions } from './options.js'
export { pagesText } from './pages-text.js'
