// `@pdftriage/core/testing`: what plugin authors test with, the conformance suites and tiny PDFs to run them on.
export { assemblePdf, encryptedMinimalPdf, minimalPdf } from './minimal-pdf.js'
export { describeExtractor, describeJudge, describeOcrEngine, describePostProcessor, describeRepair, samplePage } from './conformance.js'
export { describeWriter, sampleWriterInput } from './writer-conformance.js'
