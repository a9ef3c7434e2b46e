// The public API of @pdftriage/queue: a batch spread over machines through Redis (BullMQ), the producer, the workers,
// the collector and the queue's status, with the output folder as the ledger.
export { runQueued, type QueuedBatchOptions, type QueuedBatchEvent } from './producer.js'
export { runWorker, type QueueWorkerOptions, type QueueWorkerEvent, type QueueWorkerSummary } from './worker.js'
export { collect, type CollectOptions } from './collect.js'
export { queueStatus, type QueueStatus } from './status.js'
export { Collector } from './collector.js'
export { parseQueueUrl, type QueueAddress } from './connection.js'
export { QUEUE_WAIT_POLL_MS } from './wait.js'
export { QUEUE_DIR, jobIdOf, queueName, readQueueName, readPlans, readCompletion, type JobData, type PlanEntry, type Completion } from './ledger.js'
