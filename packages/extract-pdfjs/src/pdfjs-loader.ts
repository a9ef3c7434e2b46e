// pdf.js in Node, loaded once with the canvas it needs, the folders of its fonts, CMaps and wasm decoders, and
// Flate streams inflated on this thread.
import { createRequire } from 'node:module'
import { homedir, platform } from 'node:os'
import { dirname, join } from 'node:path'
import { TriageError } from '@pdftriage/core'
import type { PdfjsModule, PdfjsRuntime } from './runtime.js'
import { inflateOnThisThread } from './sync-inflate.js'

export type { PdfjsModule } from './runtime.js'

/** The @napi-rs/canvas module type. */
export type CanvasModule = typeof import('@napi-rs/canvas')

/**
 * pdf.js in Node and the canvas it needs, loaded once, plus the folders of its fonts, CMaps and wasm decoders. Its
 * `systemFonts()` registers the system's fonts with the canvas before the first render, where loading the canvas
 * did not (see {@link loadPdfjs}); later calls do nothing.
 */
export interface NodePdfjsRuntime extends PdfjsRuntime {
  canvas: CanvasModule
}

let runtime: Promise<NodePdfjsRuntime> | undefined

/**
 * Imports @napi-rs/canvas then pdf.js (pdf.js calls `new DOMMatrix()` at import and crashes without the canvas
 * polyfill). Cached: every document shares one pdf.js. `importPdfjs` imports the legacy build another way (through
 * unpdf's `getResolvedPDFJS`, for `@pdftriage/extract-unpdf`); it must give the module `pdfjs-dist/legacy/build/pdf.mjs`
 * of pdfjs-dist 5.6.205, since the worker side is that build's.
 */
export function loadPdfjs(
  plugin: string,
  importPdfjs: () => Promise<PdfjsModule> = () => import('pdfjs-dist/legacy/build/pdf.mjs'),
): Promise<NodePdfjsRuntime> {
  runtime ??= (async () => {
    try {
      // @napi-rs/canvas registers every system font when it loads: 0.2 s of CPU a process on a machine with 600 font
      // files (TeX Live's), for renders only (pdf.js draws glyphs as paths; the system's fonts stand in for fonts a
      // PDF names without embedding them), and many processes render nothing. Its own switch skips that at load, and
      // the fonts are registered as it would have registered them before the first render instead. A canvas someone
      // loaded before (with its fonts) is left as it is.
      // (Asking the canvas for its font families would scan the system's fonts: whether it was loaded is asked of
      // require's cache.)
      const req = createRequire(import.meta.url)
      const skip = process.env.DISABLE_SYSTEM_FONTS_LOAD === undefined && !(req.resolve('@napi-rs/canvas') in req.cache)
      if (skip) process.env.DISABLE_SYSTEM_FONTS_LOAD = '1'
      let canvas: CanvasModule
      try {
        canvas = await import('@napi-rs/canvas')
      } finally {
        if (skip) delete process.env.DISABLE_SYSTEM_FONTS_LOAD
      }
      let fontsLoaded = !skip
      // The legacy build's core-js replaces Array.prototype.push with a JavaScript version on V8 <= 12.1 (Node 20), to
      // work around a V8 bug with non-writable array lengths that neither pdf.js nor we rely on. The replacement costs
      // every push in the process: 9 % of a triage of a 312-page manual. The native push is put back.
      const nativePush = Array.prototype.push
      // The legacy build (both modules) also polyfills `Response.prototype.bytes` at import. Node defines `Response`
      // lazily: its first read loads Node's whole fetch implementation, 0.04-0.10 s of CPU a process here, for a class
      // pdf.js uses only to fetch URLs, which the extractor never gives it (bytes in, fonts and CMaps read from
      // files). While pdf.js loads, a stand-in answers its one question; Node's lazy global is put back after.
      const response = Object.getOwnPropertyDescriptor(globalThis, 'Response')
      const lazy = response?.get !== undefined && response.configurable === true
      if (lazy)
        Object.defineProperty(globalThis, 'Response', {
          value: class {
            bytes() {}
          },
          configurable: true,
          writable: true,
        })
      let pdfjs: PdfjsModule
      let workerSide: PdfjsRuntime['workerSide']
      try {
        pdfjs = await importPdfjs()
        // The "fake worker" (no worker thread in Node) is the worker module run in this thread; loading it here, where
        // pdf.js looks for it (globalThis.pdfjsWorker), lets its own core-js be undone too.
        // (Its own module's worker side, whatever another pdf.js, such as unpdf's bundle, left on the global.)
        const g = globalThis as { pdfjsWorker?: typeof import('pdfjs-dist/legacy/build/pdf.worker.mjs') }
        const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs')
        g.pdfjsWorker ??= worker
        workerSide = worker.WorkerMessageHandler
      } finally {
        if (lazy) Object.defineProperty(globalThis, 'Response', response)
      }
      inflateOnThisThread()
      if (Array.prototype.push !== nativePush)
        Object.defineProperty(Array.prototype, 'push', { value: nativePush, writable: true, configurable: true, enumerable: false })
      const root = dirname(req.resolve('pdfjs-dist/package.json'))
      return {
        pdfjs,
        workerSide,
        canvas,
        createCanvas: (width, height) => canvas.createCanvas(width, height),
        standardFontDataUrl: join(root, 'standard_fonts') + '/',
        cMapUrl: join(root, 'cmaps') + '/',
        wasmUrl: join(root, 'wasm') + '/',
        systemFonts() {
          if (fontsLoaded) return
          fontsLoaded = true
          // what @napi-rs/canvas 0.1.100 does at load without DISABLE_SYSTEM_FONTS_LOAD (its index.js), but for its
          // `usr/local/share/fonts`, a path relative to the working folder, which is untrusted here: read from the root
          // (loadSystemFonts is in its binding, not in its type declarations)
          const fonts = canvas.GlobalFonts as CanvasModule['GlobalFonts'] & { loadSystemFonts?: () => void }
          fonts.loadSystemFonts?.()
          const home = homedir()
          if (platform() === 'win32') fonts.loadFontsFromDir(join(home, 'AppData', 'Local', 'Microsoft', 'Windows', 'Fonts'))
          else if (platform() === 'darwin') fonts.loadFontsFromDir(join(home, 'Library', 'Fonts'))
          else if (platform() === 'linux') {
            fonts.loadFontsFromDir(join('/', 'usr', 'local', 'share', 'fonts'))
            fonts.loadFontsFromDir(join(home, '.fonts'))
          }
        },
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
