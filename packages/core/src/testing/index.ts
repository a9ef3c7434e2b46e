export { assemblePdf, encryptedMinimalPdf, minimalPdf } from './minimal-pdf.js'
export { describeExtractor, describeJudge, describeOcrEngine, describePostProcessor, describeRepair, samplePage } from './conformance.js'
