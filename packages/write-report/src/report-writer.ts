// The `write-report` writer plugin: `<stem>.json`, the report of what was done to each page of a document and why.
import { definePlugin, type Writer } from '@pdftriage/core'
import { documentReport } from './document-report.js'
import { reportWriterOptionsSchema } from './options.js'

/** The writer's name, in errors. */
export const REPORT_WRITER_NAME = 'write-report'

/** Plugin factory of the report writer: `<stem>.json` (role `report`). */
export const reportWriter = definePlugin({
  kind: 'writer',
  name: REPORT_WRITER_NAME,
  optionsSchema: reportWriterOptionsSchema,
  create: (o): Writer => ({
    name: REPORT_WRITER_NAME,
    write: (doc) => [{ role: 'report', path: `${doc.stem}.json`, data: `${JSON.stringify(documentReport(doc), null, o.indent || undefined)}\n` }],
  }),
})
