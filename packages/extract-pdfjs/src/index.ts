// The public API of @pdftriage/extract-pdfjs: the pdf.js extractor plugin for Node, its options, and the pieces
// other packages reuse (the document, the operator scan, page items, the pdf.js loader).
export { pdfjsExtractor as default, pdfjsExtractor, createPdfjsExtractor, PDFJS_EXTRACTOR_NAME } from './pdfjs-extractor.js'
export { pdfjsExtractorOptionsSchema, type PdfjsExtractorOptions, type ResolvedPdfjsExtractorOptions } from './options.js'
export { PdfjsDocument } from './pdfjs-document.js'
export { scanOperators, COVERAGE_GRID, type OperatorScan } from './operator-scan.js'
export { pageItems, itemBox, type BlankRun, type ItemGlyph } from './page-text.js'
export { loadPdfjs, type NodePdfjsRuntime } from './pdfjs-loader.js'
