/** pdf.js ships no types for its worker module: what the extractor calls of it. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: {
    /** Serves documents over `port` (the worker side of a channel whose other side is a `PDFWorker`). */
    initializeFromPort(port: object): void
  }
}
