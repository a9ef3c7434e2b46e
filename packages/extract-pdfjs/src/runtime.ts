/** The pdf.js module type (the legacy build's; the modern build and unpdf's bundle have the same API). */
export type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs')

/** pdf.js's worker side, as the extractor runs it in the display side's thread (see CopyingLoopbackPort). */
export interface PdfjsWorkerSide {
  /** Serves documents over `port` (the worker side of a channel whose other side is a `PDFWorker`). */
  initializeFromPort(port: object): void
}

/** The 2D context calls a render makes (a canvas's, an OffscreenCanvas's or @napi-rs/canvas's). */
export interface RenderContext {
  fillStyle: unknown
  fillRect(x: number, y: number, w: number, h: number): void
  getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> }
}

/** A canvas a page is rendered on; its size is set to 1 x 1 after the pixels are read, to free them. */
export interface RenderCanvas {
  width: number
  height: number
  getContext(kind: '2d'): RenderContext | null
  /** The canvas's RGBA pixels without a copy through `getImageData`, where the canvas has it (the native canvas). */
  data?(): ArrayLike<number>
}

/**
 * What the extractor needs of its runtime, loaded once per process (or page): pdf.js, its worker side, a canvas for
 * renders and where pdf.js finds its fonts, CMaps and wasm decoders. The extractor's logic imports nothing else of
 * the runtime, so one copy of it serves Node (`@pdftriage/extract-pdfjs`) and browsers (`@pdftriage/extract-unpdf`).
 */
export interface PdfjsRuntime {
  pdfjs: PdfjsModule
  workerSide: PdfjsWorkerSide
  /** A canvas of `width` x `height` pixels for a render. */
  createCanvas: (width: number, height: number) => RenderCanvas
  /** Folders (paths or URLs) with a trailing slash: pdf.js concatenates file names to them. */
  standardFontDataUrl: string
  cMapUrl: string
  wasmUrl: string
  /** Further `getDocument` parameters of this runtime (e.g. a `CanvasFactory` where there is no DOM). */
  documentParams?: Record<string, unknown>
  /** Called before each render: a runtime that defers loading fonts for its canvas does so here. */
  systemFonts(): void
}
