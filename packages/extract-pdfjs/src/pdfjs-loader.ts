import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { TriageError } from '@pdftriage/core'

/** The pdf.js module type (legacy build). */
export type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs')

/** The @napi-rs/canvas module type. */
export type CanvasModule = typeof import('@napi-rs/canvas')

/** pdf.js and the canvas it needs, loaded once, plus the folders of its fonts, CMaps and wasm decoders. */
export interface PdfjsRuntime {
  pdfjs: PdfjsModule
  canvas: CanvasModule
  /** Folders with a trailing slash: pdf.js concatenates file names to them. */
  standardFontDataUrl: string
  cMapUrl: string
  wasmUrl: string
}

let runtime: Promise<PdfjsRuntime> | undefined

/**
 * Imports @napi-rs/canvas then pdf.js (pdf.js calls `new DOMMatrix()` at import and crashes without the canvas
 * polyfill). Cached: every document shares one pdf.js.
 */
export function loadPdfjs(plugin: string): Promise<PdfjsRuntime> {
  runtime ??= (async () => {
    try {
      const canvas = await import('@napi-rs/canvas')
      // The legacy build's core-js replaces Array.prototype.push with a JavaScript version on V8 <= 12.1 (Node 20), to
      // work around a V8 bug with non-writable array lengths that neither pdf.js nor we rely on. The replacement costs
      // every push in the process: 9 % of a triage of a 312-page manual. The native push is put back.
      const nativePush = Array.prototype.push
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
      // The "fake worker" (no worker thread in Node) is the worker module run in this thread; loading it here, where
      // pdf.js looks for it (globalThis.pdfjsWorker), lets its own core-js be undone too.
      const g = globalThis as { pdfjsWorker?: unknown }
      g.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs')
      if (Array.prototype.push !== nativePush)
        Object.defineProperty(Array.prototype, 'push', { value: nativePush, writable: true, configurable: true, enumerable: false })
      const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
      return {
        pdfjs,
        canvas,
        standardFontDataUrl: join(root, 'standard_fonts') + '/',
        cMapUrl: join(root, 'cmaps') + '/',
        wasmUrl: join(root, 'wasm') + '/',
      }
    } catch (cause) {
      runtime = undefined
      throw new TriageError(
        'PLUGIN_FAILED',
        `[${plugin}] cannot load pdfjs-dist 5.6.205 and @napi-rs/canvas 0.1.100: ${(cause as Error).message}. ` +
          'Install them next to @pdftriage/extract-pdfjs (npm install pdfjs-dist@5.6.205 @napi-rs/canvas@0.1.100)',
        { cause, plugin, stage: 'open' },
      )
    }
  })()
  return runtime
}
