// The queue's part of the output folder (`queue/`): the queue's name, each producer's plan, and each document's
// completion record. Redis only schedules; these files are what the index is built from.
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { link, mkdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { outputKey, writeAtomic, type DocumentRow } from '@pdftriage/batch'

/**
 * The queue's part of the output folder, `queue/`: the folder stays the ledger, Redis only schedules.
 * - `queue/name`: the BullMQ queue of this folder (created once, by the first producer once its jobs are in), so
 *   workers on machines that mount the folder at another path still find it, and workers started before any producer
 *   wait for it;
 * - `queue/plans/*.jsonl`: what each producer asked for (paths, hashes, duplicates, missing inputs);
 * - `queue/done/<job>.json`: one completion record per document, written by the worker after its outputs.
 * The collector turns plans and completion records into index rows; every file is written atomically.
 */
export const QUEUE_DIR = 'queue'

/** The job of a document: its content key and the config digest (same bytes, same config: same job). */
export const jobIdOf = (hash: string, digest: string): string => `${outputKey(hash)}-${digest}`

/** What a worker needs to process a document: where it is and with what, never its bytes. */
export interface JobData {
  /** The path as the producer was given it (the index's `path` column), resolved against `cwd`. */
  path: string
  cwd: string
  hash: string
  /** The config digest the producer computed: a worker with another config refuses the job. */
  digest: string
  configFile?: string
  model?: string
  policy?: string
  /** OCR languages the producer was given apart from its config (`run --queue -l`). */
  languages?: string[]
  pdf: boolean
  /** The PDF writer's options the producer was given apart from its config (`--output-type`, `--rotate-pages`, `--deskew`). */
  pdfOptions?: Record<string, unknown>
}

/** One line of a plan: a document to process (`job`), a duplicate, or an input that could not be read. */
export type PlanEntry =
  | { path: string; digest: string; hash: string; job: string; data: JobData }
  | { path: string; digest: string; hash: string; duplicateOf: string }
  | { path: string; digest: string; error: { code: string; message: string } }

/** What a worker leaves once a document's outputs are written: its index rows, ready to append. */
export interface Completion {
  job: string
  path: string
  hash: string
  /** The document row, `done` or `failed`, without `pages_end` (the index sets it). */
  row: Omit<DocumentRow, 'pages_end'>
  /** Its `pages.jsonl` lines, each with its newline. */
  lines: string[]
  /** Outputs by writer role, for the `document-done` event. */
  files: Record<string, string>
  /** Pages by action. */
  actions: Record<string, number>
}

export const donePath = (out: string, job: string): string => join(out, QUEUE_DIR, 'done', `${job}.json`)

/** Reads a completion record; undefined when there is none (yet). */
export function readCompletion(out: string, job: string): Completion | undefined {
  try {
    return JSON.parse(readFileSync(donePath(out, job), 'utf8')) as Completion
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw e
  }
}

export const writeCompletion = (out: string, c: Completion): Promise<void> => writeAtomic(donePath(out, c.job), JSON.stringify(c))

/** Writes a producer's plan as one file (atomically: a collector sees all of it or none). */
export async function writePlan(out: string, entries: readonly PlanEntry[]): Promise<string> {
  const name = `${Date.now()}-${process.pid}-${randomBytes(4).toString('hex')}.jsonl`
  const path = join(out, QUEUE_DIR, 'plans', name)
  await writeAtomic(path, entries.map((e) => `${JSON.stringify(e)}\n`).join(''))
  return path
}

/** Every plan entry, oldest plan first; a path planned again counts with its newest entry. */
export function readPlans(out: string): PlanEntry[] {
  const dir = join(out, QUEUE_DIR, 'plans')
  if (!existsSync(dir)) return []
  const byPath = new Map<string, PlanEntry>()
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()) {
    for (const l of readFileSync(join(dir, f), 'utf8').split('\n'))
      if (l) {
        const e = JSON.parse(l) as PlanEntry
        byPath.delete(e.path)
        byPath.set(e.path, e)
      }
  }
  return [...byPath.values()]
}

/** A fresh BullMQ queue name: `pdftriage-` and 16 random hex digits. */
export const newQueueName = (): string => `pdftriage-${randomBytes(8).toString('hex')}`

export const queueNamePath = (out: string): string => join(out, QUEUE_DIR, 'name')

/** The BullMQ queue name of an output folder; undefined while it has none. */
export async function readQueueName(out: string): Promise<string | undefined> {
  try {
    return (await readFile(queueNamePath(out), 'utf8')).trim() || undefined
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw e
  }
}

/**
 * Makes `name` the output folder's queue unless it has one; resolves with the folder's queue name, `name` or the one
 * already there. Created with a hard link of a complete file, which fails if the name exists: two producers racing
 * agree on one name, and a worker never reads half a name.
 */
export async function publishQueueName(out: string, name: string): Promise<string> {
  const path = queueNamePath(out)
  await mkdir(join(out, QUEUE_DIR), { recursive: true })
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
  await writeAtomic(tmp, `${name}\n`)
  try {
    await link(tmp, path)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
  } finally {
    await rm(tmp, { force: true })
  }
  return (await readQueueName(out))!
}

/** The BullMQ queue name of an output folder; with `create`, a new one is published when it has none. */
export async function queueName(out: string, create = true): Promise<string | undefined> {
  return (await readQueueName(out)) ?? (create ? publishQueueName(out, newQueueName()) : undefined)
}
