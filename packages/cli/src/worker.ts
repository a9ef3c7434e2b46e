import { parentPort, workerData } from 'node:worker_threads'
import { Session, type SessionOptions } from './session.js'

/** A document worker: one session (config + components) serving the files the main thread sends. */
const port = parentPort!
let session: Session
try {
  session = await Session.create(workerData as SessionOptions)
} catch (e) {
  const t = e as { code?: string; message?: string; path?: string }
  port.postMessage({ type: 'fatal', error: { code: t.code, message: t.message ?? String(e), path: t.path } })
  throw e
}
async function handle(m: { type: 'file'; id: number; file: string; range?: { from: number; to: number } } | { type: 'close' }) {
  if (m.type === 'close') {
    await session.close()
    port.postMessage({ type: 'closed' })
    return
  }
  const outcome = await session.processFile(m.file, (rec) => port.postMessage({ type: 'record', id: m.id, rec }), undefined, m.range)
  port.postMessage({ type: 'done', id: m.id, outcome })
}
// A failure is rethrown as an uncaught exception, whatever --unhandled-rejections says: the worker dies, and the pool
// reports its current file as failed and starts another worker.
port.on('message', (m: Parameters<typeof handle>[0]) => {
  handle(m).catch((e: unknown) => {
    process.nextTick(() => {
      throw e
    })
  })
})
port.postMessage({ type: 'ready' })
