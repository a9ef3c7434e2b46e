// A preset for core's own tests, shaped as a front end's (`@pdftriage/preset-default`, which core cannot depend on):
// core's code names no plugin package, so its tests say which ones they mean.
import type { PluginNames, Preset } from '../src/index.js'

/** No built-in plugin: every package may come from the config's folder. */
export const NO_BUILTINS: PluginNames = { builtins: new Set() }

export const TEST_PRESET: Preset = {
  config: {
    extractor: '@pdftriage/extract-pdfjs',
    judges: ['@pdftriage/judge-gates', '@pdftriage/judge-spotcheck'],
    repairs: ['@pdftriage/repair-reflect', '@pdftriage/repair-codemap'],
    ocr: '@pdftriage/ocr-tesseract',
    postprocess: ['@pdftriage/postpass-dehyphen'],
  },
  writers: ['@pdftriage/write-text', '@pdftriage/write-report'],
  pdfWriter: '@pdftriage/write-pdf',
  builtins: new Set(['@pdftriage/extract-pdfjs', '@pdftriage/judge-gates', '@pdftriage/judge-spotcheck']),
  roleWords: { judge: ['model'] },
}
