// The public API of @pdftriage/write-text: the `write-text` writer plugin, its options and the document's paged text.
export { textWriter as default, textWriter, TEXT_WRITER_NAME } from './text-writer.js'
export { textWriterOptionsSchema, type TextWriterOptions } from './options.js'
export { pagesText } from './pages-text.js'
