// The document process's entry: one session serving the files the main process sends, reporting whatever a file
// does to it and exiting, so that the main process fails that file alone.
import { removeAtomicTemps } from '@pdftriage/core/output'
import { Session, type DocumentWatch, type SessionOptions } from './session.js'

/**
 * A document process: one session (config + components) serving the files the main process sends. Whatever a file
 * does (an unhandled rejection deep in pdf.js, an exception thrown from a timer), this process reports it and exits:
 * the main process fails that file alone and starts another process.
 */
type ToWorker =
  | { type: 'init'; options: SessionOptions }
  | {
      type: 'file'
      id: number
      file: string
      range?: { from: number; to: number }
      unread?: { pages: number[]; reason: string }
      progress?: boolean
      retryFailed?: true
    }
  | { type: 'close' }

const send = (m: unknown) => new Promise<void>((resolve) => (process.connected ? process.send!(m, undefined, {}, () => resolve()) : resolve()))
let dying = false
const die = (e: unknown) => {
  if (dying) return
  dying = true
  const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e)
  removeAtomicTemps()
  void send({ type: 'crash', message }).finally(() => process.exit(70))
}
process.on('unhandledRejection', die)
process.on('uncaughtException', die)
// Where /proc is missing, the main process learns this process's memory from here.
if (process.platform !== 'linux') setInterval(() => void send({ type: 'rss', mb: process.memoryUsage.rss() / 2 ** 20 }), 250).unref()
// The main process is gone (ended, or killed: a queue worker stopped by SIGKILL): this one ends too, in the middle of
// its document if need be, leaving no half-written output behind.
process.on('disconnect', () => {
  removeAtomicTemps()
  process.exit(0)
})

let session: Session | undefined
const queue: ToWorker[] = []
process.on('message', (m: ToWorker) => {
  queue.push(m)
  if (queue.length === 1) void drain()
})

async function drain(): Promise<void> {
  while (queue.length) {
    const m = queue[0]!
    await handle(m)
    queue.shift()
  }
}

async function handle(m: ToWorker): Promise<void> {
  if (m.type === 'init') {
    try {
      session = await Session.create(m.options)
    } catch (e) {
      const t = e as { code?: string; message?: string; path?: string }
      await send({ type: 'fatal', error: { code: t.code, message: t.message ?? String(e), path: t.path } })
      process.exit(2)
    }
    await send({ type: 'ready' })
  } else if (m.type === 'close') {
    await session?.close()
    await send({ type: 'closed' })
  } else {
    // The main process hears which pages' images are being read: a page stopped there is run again without them.
    const watch: DocumentWatch = {
      onImageWork: (page, work, busy) => void send({ type: 'image', id: m.id, page, work, busy }),
      // a page held for a judge's second word is not stuck: its record comes once the pages it waits for are done
      onHeld: (page) => void send({ type: 'held', id: m.id, page }),
    }
    if (m.unread) watch.unreadImages = { pages: new Set(m.unread.pages), reason: m.unread.reason }
    // the main process's sink shows the document's progress (a progress line): it hears it as it happens
    if (m.progress) watch.progress = (ev) => void send({ type: 'progress', id: m.id, ev })
    const emit = (rec: unknown) => void send({ type: 'record', id: m.id, rec })
    const outcome = await session!.processFile(m.file, emit, undefined, m.range, watch, m.retryFailed === true)
    await send({ type: 'done', id: m.id, outcome })
  }
}
