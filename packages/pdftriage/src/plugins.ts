// The built-in plugins every build of the library brings (judges, repairs, OCR, post-pass), by the package names the
// preset's defaults use; each entry adds its own extractor.
import judgeGates from '@pdftriage/judge-gates'
import judgeSpotcheck from '@pdftriage/judge-spotcheck'
import ocrTesseract from '@pdftriage/ocr-tesseract'
import postpassDehyphen from '@pdftriage/postpass-dehyphen'
import repairCodemap from '@pdftriage/repair-codemap'
import repairReflect from '@pdftriage/repair-reflect'
import type { Factories } from './compose.js'

/**
 * The built-in plugins every runtime's build brings, by the package names the preset's configuration defaults use; each
 * entry (index.ts, browser.ts) adds its extractor. (Each plugin's own `browser` condition picks its browser build.)
 */
export const PIPELINE_FACTORIES: Factories = {
  '@pdftriage/judge-gates': judgeGates,
  '@pdftriage/judge-spotcheck': judgeSpotcheck,
  '@pdftriage/repair-reflect': repairReflect,
  '@pdftriage/repair-codemap': repairCodemap,
  '@pdftriage/ocr-tesseract': ocrTesseract,
  '@pdftriage/postpass-dehyphen': postpassDehyphen,
}
