/** pdf.js ships no types for its worker module: what the extractor calls of it. */
declare module 'pdfjs-dist/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: {
    /** Serves documents over `port` (the worker side of a channel whose other side is a `PDFWorker`). */
    initializeFromPort(port: object): void
  }
}

/** The modern build: the legacy build's API without its polyfills (pdfjs-dist types only the latter). */
declare module 'pdfjs-dist/build/pdf.mjs' {
  export * from 'pdfjs-dist/legacy/build/pdf.mjs'
}

declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: {
    initializeFromPort(port: object): void
  }
}
