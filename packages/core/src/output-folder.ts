// `@pdftriage/core/output`: what writes a run's output folder and what reads it back share, apart from the plugin
// API of the package's root (pinned in test/api.test.ts): the atomic write, the check of a path in the folder and its rows.
export { ATOMIC_TEMP_NAME, removeAtomicTemps, writeAtomic, type WriteAtomicOptions } from './write-atomic.js'
export { DOCUMENT_COLUMNS, type DocumentRow, type PageRow } from './output-rows.js'
export { insideOutput, type InsideOutputOptions } from './output-path.js'
