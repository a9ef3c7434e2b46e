/** Where the progress is drawn and how; injectable for tests. */
export interface ProgressOptions {
  /** Draw a bar that redraws itself (a terminal). Default: stderr is a terminal and not CI. */
  bar?: boolean
  /** One line per finished document when there is no bar. Default true; `-q` turns it off. */
  lines?: boolean
  write?: (s: string) => void
  columns?: () => number
  /** Milliseconds between redraws of the clock. */
  intervalMs?: number
}

/**
 * How often the bar's clock is redrawn without an event: once a second, so elapsed time and ETA move while a long
 * page is OCRed.
 */
export const CLOCK_MS = 1000
/** Events redraw the bar at most this often (a fast born-digital batch finishes hundreds of pages a second). */
export const EVENT_REDRAW_MS = 100

/**
 * Progress of a batch on stderr. On a terminal: a one-line bar drawn from the start and redrawn every second, with an
 * ETA from the pages done (documents differ too much in length for a per-document rate); messages (errors) go on a
 * line of their own above it; `interrupt()` finishes the line. Without a terminal: one line per finished document.
 * Machine output (stdout) is never touched.
 */
export class Progress {
  private readonly bar: boolean
  private readonly lines: boolean
  private readonly write: (s: string) => void
  private readonly columns: () => number
  private readonly start = Date.now()
  private last = 0
  private timer: ReturnType<typeof setInterval> | undefined
  private drawn = false
  docs = 0
  pages = 0
  ocrPages = 0
  failed = 0
  /** Pages of documents finished, to estimate the pages still to come. */
  private pagesOfFinished = 0
  private pagesInFlight = new Map<string, number>()

  constructor(
    private readonly total: number,
    o: ProgressOptions = {},
  ) {
    this.write = o.write ?? ((s) => process.stderr.write(s))
    this.bar = o.bar ?? (process.stderr.isTTY === true && !process.env.CI)
    this.lines = !this.bar && (o.lines ?? true)
    this.columns = o.columns ?? (() => process.stderr.columns || 100)
    if (this.bar) {
      this.draw()
      this.timer = setInterval(() => this.draw(), o.intervalMs ?? CLOCK_MS)
      this.timer.unref?.()
    }
  }

  /** A page of `file` is done. */
  page(file: string, action: string): void {
    this.pages++
    if (action === 'ocr') this.ocrPages++
    this.pagesInFlight.set(file, (this.pagesInFlight.get(file) ?? 0) + 1)
    this.redraw()
  }

  /** Pages of `file` done elsewhere and reported at once (a queued run's workers): counted as if one by one. */
  pagesOf(file: string, pages: number, ocred: number): void {
    this.pages += pages
    this.ocrPages += ocred
    this.pagesInFlight.set(file, (this.pagesInFlight.get(file) ?? 0) + pages)
  }

  /**
   * A document is done (or failed): `summary` is its one-line account, written without a terminal (unless lines are
   * off), and for a failure always: above the bar on a terminal.
   */
  document(file: string, summary: string, failed = false): void {
    this.docs++
    if (failed) this.failed++
    this.pagesOfFinished += this.pagesInFlight.get(file) ?? 0
    this.pagesInFlight.delete(file)
    if (failed && summary) this.message(summary)
    else {
      if (this.lines && summary) this.write(`${summary}\n`)
      this.redraw()
    }
  }

  /** A line of its own (an error, a notice), above the bar when there is one. */
  message(line: string): void {
    if (this.bar && this.drawn) this.write('\r\x1b[K')
    this.write(`${line}\n`)
    this.drawn = false
    if (this.bar) this.draw()
  }

  /** The run stops early (Ctrl-C): the bar's line is finished and `line` said under it. */
  interrupt(line: string): void {
    this.stop()
    if (this.bar && this.drawn) this.write('\n')
    this.write(`${line}\n`)
    this.drawn = false
  }

  /** Clears the bar and stops its clock. */
  done(): void {
    this.stop()
    if (this.bar && this.drawn) this.write('\r\x1b[K')
    this.drawn = false
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }

  private redraw(): void {
    if (!this.bar || Date.now() - this.last < EVENT_REDRAW_MS) return
    this.draw()
  }

  /** Seconds still to go: pages to come at the rate pages have come so far; undefined before any document ends. */
  eta(now = Date.now()): number | undefined {
    if (this.docs === 0 || this.pages === 0 || this.docs >= this.total) return undefined
    const perDoc = this.pagesOfFinished / this.docs
    let inFlight = 0
    for (const n of this.pagesInFlight.values()) inFlight += Math.max(0, perDoc - n)
    const waiting = Math.max(0, this.total - this.docs - this.pagesInFlight.size)
    const remaining = inFlight + waiting * perDoc
    return ((now - this.start) / 1000 / this.pages) * remaining
  }

  /** The bar's text. */
  line(now = Date.now()): string {
    const bar = barOf(this.total ? this.docs / this.total : 1)
    const eta = this.eta(now)
    return (
      `[${bar}] ${this.docs}/${this.total} docs, ${this.pages} pages, ${this.ocrPages} OCRed` +
      `${this.failed ? `, ${this.failed} failed` : ''}, ${duration((now - this.start) / 1000)}` +
      `${eta === undefined ? '' : ` eta ${duration(eta)}`}`
    )
  }

  private draw(): void {
    const now = Date.now()
    this.last = now
    this.write(`\r${this.line(now).slice(0, Math.max(10, this.columns() - 1))}\x1b[K`)
    this.drawn = true
  }
}

/** The bar of a progress line: `share` (0 to 1) of its `width` characters filled. */
export const barOf = (share: number, width = 24): string => '#'.repeat(Math.round(share * width)).padEnd(width, '.')

/** `42s`, `2m05s`, `1h03m`: whole seconds first, so that 119.6 s is 2m00s, never 1m60s. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s}s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`
}
