// The public API of @pdftriage/write-pdf: the searchable-PDF writer plugin, the writing itself, the sidecar text,
// and the pieces it is made of (glyphless font, text layer, ToUnicode maps, PDF/A).
export { pdfWriter as default, pdfWriter, writtenPages } from './pdf-writer.js'
export {
  assertPdfACandidate,
  writeSearchablePdf,
  writeSearchablePdfWithSummary,
  WRITER_NAME,
  type WritePage,
  type WriteSummary,
} from './write-searchable-pdf.js'
export { sidecarText } from './sidecar-text.js'
export { writePdfOptionsSchema, type WritePdfOptions } from './options.js'
export { GlyphlessEncoder, embedGlyphlessFont } from './glyphless-font.js'
export { glyphlessTrueType } from './glyphless-truetype.js'
export { textLayerContent, viewToUserMatrix, type PageFrame } from './text-layer.js'
export { toUnicodeCMap, pageCodeMaps, type CodeMappedFont } from './tounicode.js'
export { pdfaBlockers, makePdfA, srgbProfile, PDFA_PART, PDFA_CONFORMANCE } from './pdfa.js'
