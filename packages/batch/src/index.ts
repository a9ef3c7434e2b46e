// The public API of @pdftriage/batch: running many documents in child processes with limits, into an output folder
// with its index, lock and mirrored names.
export {
  runBatch,
  batchDigest,
  countDone,
  emptySummary,
  emptyRow,
  hasFailedPages,
  outcomeRow,
  pageRow,
  pageLines,
  type RunBatchOptions,
  type BatchEvent,
  type BatchSummary,
  type UnchangedStatus,
} from './run-batch.js'
export { expandInputs, globToRegExp, missingError, type InputFilter } from './inputs.js'
export { IndexStore, DOCUMENT_COLUMNS, type DocumentRow } from './index-store.js'
export { safeJoin, writeAtomic } from './atomic.js'
export { MIRROR_ROLES, mirrorStem, type NamesMode } from './mirror.js'
export { csvLine, parseCsv, type CsvCell } from './csv.js'
export { processFiles, DocumentRunner, DEFAULT_LIMITS, type DocumentLimits, type FileSink, type ProcessControl, type Task, type PageRange } from './pool.js'
export { lockOutput, prepareOutput, LOCK_FILE } from './out-folder.js'
export {
  Session,
  BATCH_DIR,
  defaultJobs,
  pagesOf,
  withModelJudge,
  withOcrWorkers,
  type DocumentProgress,
  type PageList,
  type SessionOptions,
  type FileOutcome,
} from './session.js'
export { documentRecord, errorRecord, pageRecord, type PageRecord, type DocumentRecord, type ErrorRecord, type OutRecord } from './records.js'
export { outputKey, outputStem, writeDocumentOutputs, type DocumentOutputs } from './write-outputs.js'
export {
  chooseResources,
  thisMachine,
  MACHINE_MEMORY_ENV,
  TREE_MEMORY_SHARE,
  MAIN_PROCESS_MB,
  JOB_MIN_MB,
  JOB_MAX_MB,
  type Machine,
  type Resources,
} from './machine.js'
