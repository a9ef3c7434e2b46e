// The progress line `pdftriage ocr` draws on a terminal: the page, what is being done to it, pages done and the time.
import type { PageStage } from '@pdftriage/core'
import { CLOCK_MS, EVENT_REDRAW_MS, barOf, duration } from './progress.js'

/** Where `pdftriage ocr`'s progress line is drawn; injectable for tests. */
export interface OcrProgressOptions {
  /** Raw output of the line (default: stderr). */
  write?: (s: string) => void
  columns?: () => number
  /** Milliseconds between redraws of the clock. */
  intervalMs?: number
}

/** What the line says a page is going through. */
const STAGE_WORDS: Record<PageStage, string> = { judge: 'judging', ocr: 'OCR of the page', regions: 'OCR of regions' }

/** Stages worth a redraw however soon after the last: they are the slow ones, and the line should name them. */
const SLOW: ReadonlySet<string> = new Set(['ocr', 'regions', 'writing'])

/**
 * The progress line of `pdftriage ocr` on a terminal, from the pipeline's stage and page events: which page of how
 * many, what is being done to it, pages done, elapsed time; redrawn every second so that the clock moves while a page
 * is OCRed. Drawn only when the caller says (stderr a terminal, not `-q`); other lines go above it.
 */
export class OcrProgress {
  private readonly write: (s: string) => void
  private readonly columns: () => number
  private readonly start = Date.now()
  private readonly timer: ReturnType<typeof setInterval>
  private last = 0
  private drawn = false
  private total: number | undefined
  private pagesDone = 0
  private doing = 'opening'

  constructor(
    private readonly file: string,
    o: OcrProgressOptions = {},
  ) {
    this.write = o.write ?? ((s) => process.stderr.write(s))
    this.columns = o.columns ?? (() => process.stderr.columns || 100)
    this.draw()
    this.timer = setInterval(() => this.draw(), o.intervalMs ?? CLOCK_MS)
    this.timer.unref?.()
  }

  /** The document is open: it has `pages` pages. */
  opened(pages: number): void {
    this.total = pages
    this.doing = 'judging'
    this.draw()
  }

  /** Page `n` enters `stage`. */
  stage(n: number, stage: PageStage): void {
    this.doing = `page ${n}/${this.total ?? '?'}: ${STAGE_WORDS[stage]}`
    if (SLOW.has(stage) || Date.now() - this.last >= EVENT_REDRAW_MS) this.draw()
  }

  /** A page is done. */
  pageDone(): void {
    this.pagesDone++
    if (Date.now() - this.last >= EVENT_REDRAW_MS) this.draw()
  }

  /** Every page is done; the outputs are being written to `to`. */
  writing(to: string): void {
    this.doing = `writing ${to}`
    this.draw()
  }

  /** A line of its own (`-v`'s page lines), said with `log` above the bar, which is drawn again under it. */
  message(line: string, log: (s: string) => void): void {
    if (this.drawn) this.write('\r\x1b[K')
    this.drawn = false
    log(line)
    this.draw()
  }

  /** Clears the line and stops its clock. */
  done(): void {
    clearInterval(this.timer)
    if (this.drawn) this.write('\r\x1b[K')
    this.drawn = false
  }

  /** The line's text. */
  line(now = Date.now()): string {
    const share = this.total ? this.pagesDone / this.total : 0
    const done = this.total === undefined ? '' : `, ${this.pagesDone}/${this.total} done`
    return `[${barOf(share)}] ${this.file}: ${this.doing}${done}, ${duration((now - this.start) / 1000)}`
  }

  private draw(): void {
    const now = Date.now()
    this.last = now
    this.write(`\r${this.line(now).slice(0, Math.max(10, this.columns() - 1))}\x1b[K`)
    this.drawn = true
  }
}
