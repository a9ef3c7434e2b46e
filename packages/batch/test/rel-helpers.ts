import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseCsv } from '../src/csv.js'
import type { DocumentRow, RunBatchOptions } from '../src/index.js'

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix))

/** The rows of an output folder's documents.csv as objects. */
export function documentRows(out: string): DocumentRow[] {
  const [header, ...rows] = parseCsv(readFileSync(join(out, 'documents.csv'), 'utf8'))
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])) as DocumentRow)
}

const DRIVER = fileURLToPath(new URL('./driver.js', import.meta.url))

/** A batch run in a child process: its events as they come, its end. `shell` wraps it (e.g. `ulimit -f 64;`). */
export function spawnRun(
  o: RunBatchOptions,
  shell = '',
): {
  child: ChildProcess
  events: Array<Record<string, unknown>>
  on(pred: (e: Record<string, unknown>) => boolean): Promise<void>
  end: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>
} {
  const cmd = `${shell} exec ${JSON.stringify(process.execPath)} ${JSON.stringify(DRIVER)} "$0"`
  const child = spawn('/bin/sh', ['-c', cmd, JSON.stringify(o)], { stdio: ['ignore', 'pipe', 'pipe'] })
  const events: Array<Record<string, unknown>> = []
  const waiters: Array<{ pred: (e: Record<string, unknown>) => boolean; resolve: () => void }> = []
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d))
  createInterface({ input: child.stdout }).on('line', (l) => {
    const e = JSON.parse(l) as Record<string, unknown>
    events.push(e)
    for (const w of [...waiters]) {
      if (!w.pred(e)) continue
      waiters.splice(waiters.indexOf(w), 1)
      w.resolve()
    }
  })
  const end = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stderr })),
  )
  return {
    child,
    events,
    on: (pred) =>
      events.some(pred)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            waiters.push({ pred, resolve })
            void end.then(() => reject(new Error(`the run ended before the awaited event: ${stderr}`)))
          }),
    end,
  }
}

/**
 * Writes into `dir` a config whose extractor misbehaves on command: a file whose bytes start with `CRASH` makes an
 * unhandled rejection (as pdf.js's asynchronous parse errors do), `EXIT` ends the process, `HANG` never finishes a
 * page, `GROW` reads page after page, each holding 32 MB more (so only the memory limit stops it, however slow the
 * machine: its pages keep coming within any page timeout); any other file is two pages of text. Returns the config's
 * path.
 */
export function misbehavingConfig(dir: string): string {
  writeFileSync(
    join(dir, 'bomb-extractor.mjs'),
    `const page = (n) => ({ pageNumber: n, width: 612, height: 792, source: 'text-layer', imageCoverage: 0,
  text: 'Un texte qui se lit sans peine, page après page, comme celui de tous les jours.',
  items: [{ text: 'Un texte qui se lit sans peine, page après page, comme celui de tous les jours.', bbox: [72, 72, 500, 84] }] })
const never = () => new Promise(() => {})
export default {
  kind: 'extractor', name: 'bomb', optionsSchema: { safeParse: (o) => ({ success: true, data: o }) },
  create: () => ({
    name: 'bomb',
    async open(bytes) {
      const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1')
      if (head === 'CRASH') Promise.reject(new Error('FormatError: Invalid number'))
      if (head === 'EXIT:') process.exit(3)
      const held = []
      const grow = async (n) => {
        await new Promise((r) => setTimeout(r, 20))
        held.push(Buffer.alloc(32 << 20, 1))
        return page(n)
      }
      const pageCount = head === 'GROW:' ? 100000 : 2
      return {
        pageCount, info: { pageCount },
        getPageText: (n) => (head === 'HANG:' && n === 2) || head === 'CRASH' ? never() : head === 'GROW:' ? grow(n) : Promise.resolve(page(n)),
        renderPage: never, close: async () => {}, [Symbol.asyncDispose]: async () => {},
      }
    },
  }),
}
`,
  )
  const cfg = join(dir, 'pdftriage.config.json')
  writeFileSync(
    cfg,
    JSON.stringify({ extractor: './bomb-extractor.mjs', judges: ['@pdftriage/judge-gates'], repairs: [], ocr: null, postprocess: [], policy: 'extract' }),
  )
  return cfg
}

/**
 * A configuration whose judge asks for a second word on page 1 of every document (and gives none), over an extractor
 * of 6 pages each taking `pageMs` to extract after the first: page 1's record waits for pages 2-5 (the runner's
 * default of four pages), `4 * pageMs` in all, while no page takes more than `pageMs`.
 */
export function heldPageConfig(dir: string, pageMs: number): string {
  writeFileSync(
    join(dir, 'slow-extractor.mjs'),
    `const text = 'Un texte qui se lit sans peine, page après page, comme celui de tous les jours.'
const page = (n) => ({ pageNumber: n, width: 612, height: 792, source: 'text-layer', imageCoverage: 0, text,
  items: [{ text, bbox: [72, 72, 500, 84] }] })
export default {
  kind: 'extractor', name: 'slow', optionsSchema: { safeParse: (o) => ({ success: true, data: o }) },
  create: () => ({
    name: 'slow',
    async open() {
      return {
        pageCount: 6, info: { pageCount: 6 },
        getPageText: (n) => new Promise((r) => setTimeout(() => r(page(n)), n === 1 ? 0 : ${pageMs})),
        renderPage: () => new Promise(() => {}), close: async () => {}, [Symbol.asyncDispose]: async () => {},
      }
    },
  }),
}
`,
  )
  writeFileSync(
    join(dir, 'waiting-judge.mjs'),
    `export default {
  kind: 'judge', name: 'waits', optionsSchema: { safeParse: (o) => ({ success: true, data: o }) },
  create: () => ({
    name: 'waits',
    judge(page, ctx) {
      if (page.pageNumber === 1) ctx.revisitLater?.('waits')
      return { judge: 'waits', layer: 'healthy', needsOcr: false, notes: ['read'] }
    },
    revisit: () => undefined,
  }),
}
`,
  )
  const cfg = join(dir, 'pdftriage.config.json')
  writeFileSync(
    cfg,
    JSON.stringify({ extractor: './slow-extractor.mjs', judges: ['./waiting-judge.mjs'], repairs: [], ocr: null, postprocess: [], policy: 'extract' }),
  )
  return cfg
}

export const fileUrl = (p: string) => pathToFileURL(p).href

// The hanging-render configuration is shared with the queue's tests.
export { hangingLookConfig } from '@pdftriage/fixtures'

/**
 * Writes into `dir` a config that OCRs every page of real PDFs (pdf.js, the character gates, the dehyphenating
 * post-pass) with an engine that reads each page as `page N read`, logs each page it reads to `ocr-log.txt`, and fails
 * page N while a file `fail-N` is in `dir` (as an engine whose reading timed out). Returns the config's path.
 */
export function failingOcrConfig(dir: string): string {
  writeFileSync(
    join(dir, 'ocr.mjs'),
    `import { appendFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
const dir = ${JSON.stringify(dir)}
export default { kind: 'ocr', name: 'test-ocr', optionsSchema: { safeParse: (o) => ({ success: true, data: o }) },
  create: () => ({ name: 'test-ocr', close: async () => {},
    recognize: async (img) => {
      const n = img.pageNumber
      appendFileSync(join(dir, 'ocr-log.txt'), n + '\\n')
      if (existsSync(join(dir, 'fail-' + n))) throw Object.assign(new Error('the reading of page ' + n + ' timed out'), { code: 'OCR_TIMEOUT' })
      const [width, height] = [img.width * 72 / img.dpi, img.height * 72 / img.dpi]
      const words = ['page', String(n), 'read']
      return { pageNumber: n, width, height, source: 'ocr', text: words.join(' '),
        items: words.map((text, i) => ({ text, bbox: { x0: 72 + 60 * i, y0: 72, x1: 120 + 60 * i, y1: 84 }, confidence: 0.95 })) }
    } }) }
`,
  )
  const cfg = join(dir, 'pdftriage.config.json')
  writeFileSync(
    cfg,
    JSON.stringify({
      judges: ['@pdftriage/judge-gates'],
      repairs: [],
      ocr: './ocr.mjs',
      postprocess: ['@pdftriage/postpass-dehyphen'],
      policy: 'ocr',
      ocrDpi: 72,
    }),
  )
  return cfg
}

/** The pages an engine of {@link failingOcrConfig} read, in order, and the log emptied. */
export function ocrLog(dir: string): number[] {
  const p = join(dir, 'ocr-log.txt')
  const pages = existsSync(p) ? readFileSync(p, 'utf8').split('\n').filter(Boolean).map(Number) : []
  rmSync(p, { force: true })
  return pages
}
