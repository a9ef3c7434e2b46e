// The public API of @pdftriage/report: building the review page of a run's output folder, and reading that folder
// back.
export { buildReport, DEFAULT_OCR_SECONDS_PER_PAGE, ROWS_PER_CHUNK, type BuildReportOptions, type ReportSummary } from './build-report.js'
export { attention, CLOSE_MARGIN, LOW_OCR_CONFIDENCE, type Attention } from './attention.js'
export { readRunOutput, type DocumentRow, type PageRow, type PageTimings, type RunOutput } from './read-run.js'
export { DEFAULT_IMAGE_SIZES, detailDpi, encodePageImages, type ImageSizes } from './page-images.js'
