// A document process forked before the command loads its own modules, so that both load at once on two cores.
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

// This module imports nothing of the project: a command line can start a document process before it loads its own
// modules (core and its schemas take a quarter of a second), and both load at once on a second core.

const WORKER_PATH = fileURLToPath(new URL('./worker.js', import.meta.url))

/**
 * glibc's allocator settings for a document process, each unless the user's environment sets it (other C libraries
 * ignore them). Page images (8.7 MB a grey A4 page at 300 dpi), their PGM copies and tesseract.js's copies of them
 * are freed again within the page, but by default glibc serves such blocks from its heaps once a larger one has been
 * freed (its mmap threshold rises with them) and keeps what is freed there, and every thread (OCR workers, V8's and
 * libuv's) gets a heap of its own, which keeps its own freed memory. Blocks from 1 MiB mapped on their own go back to
 * the system when freed, and two heaps shared by the threads hold less: the first 100 pages of the LinuxCNC manual
 * (two looks by the gates) peaked at 271 MB in place of 338 MB.
 */
export const DOCUMENT_PROCESS_MALLOC: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: String(2 ** 20), MALLOC_ARENA_MAX: '2' }

/** A document process (batch's worker), not yet given its configuration. */
export function forkDocumentProcess(): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const [k, v] of Object.entries(DOCUMENT_PROCESS_MALLOC)) env[k] ??= v
  // The child's own flags are not the parent's (a test runner's --test would make it a test file).
  return fork(WORKER_PATH, [], { serialization: 'advanced', execArgv: [], env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
}

let early: ChildProcess | undefined

/**
 * Starts the first document process now, for a command that will hand it documents ({@link processFiles} takes it).
 * It holds nothing open: a run that ends without it (a usage error, a bad configuration) exits as before, and the
 * process, disconnected, exits with it.
 */
export function prestartDocumentProcess(): ChildProcess {
  if (early) return early
  early = forkDocumentProcess()
  early.on('error', () => {}) // its exit says the rest, to whoever takes it
  early.unref()
  early.channel?.unref()
  return early
}

/** The process {@link prestartDocumentProcess} started when it is still alive, else a new one. */
export function takeDocumentProcess(): ChildProcess {
  const c = early
  early = undefined
  // exitCode and signalCode are set just before 'exit' is emitted: a process still without them has not exited for
  // any listener attached from here
  if (c && c.exitCode === null && c.signalCode === null && c.connected) {
    c.ref()
    c.channel?.ref()
    return c
  }
  c?.kill('SIGKILL')
  return forkDocumentProcess()
}

/** Ends a started process no run took (a command that returned without documents). */
export function dropPrestarted(): void {
  early?.kill('SIGKILL')
  early = undefined
}
