// The public API of @pdftriage/write-report: the `write-report` writer plugin, its options and the report's shape.
export { reportWriter as default, reportWriter, REPORT_WRITER_NAME } from './report-writer.js'
export { reportWriterOptionsSchema, type ReportWriterOptions } from './options.js'
export { documentReport, type DocumentReport } from './document-report.js'
