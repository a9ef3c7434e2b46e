/** A one-line progress bar on stderr, drawn only when stderr is a terminal (machine output stays clean). */
export class Progress {
  private readonly enabled: boolean
  private last = 0
  private readonly start = Date.now()
  docs = 0
  pages = 0
  ocrPages = 0
  failed = 0

  constructor(
    private readonly total: number,
    enabled = process.stderr.isTTY === true && !process.env.CI,
  ) {
    this.enabled = enabled
  }

  /** Redraws at most 10 times a second. */
  tick(force = false): void {
    if (!this.enabled) return
    const now = Date.now()
    if (!force && now - this.last < 100) return
    this.last = now
    const width = 24
    const done = this.total ? this.docs / this.total : 1
    const bar = '#'.repeat(Math.round(done * width)).padEnd(width, '.')
    const secs = (now - this.start) / 1000
    const eta = this.docs > 0 && this.docs < this.total ? ` eta ${fmt((secs / this.docs) * (this.total - this.docs))}` : ''
    const line = `[${bar}] ${this.docs}/${this.total} docs, ${this.pages} pages, ${this.ocrPages} OCRed${this.failed ? `, ${this.failed} failed` : ''}, ${fmt(secs)}${eta}`
    process.stderr.write(`\r${line.slice(0, (process.stderr.columns ?? 100) - 1)}\x1b[K`)
  }

  /** Clears the bar. */
  done(): void {
    if (this.enabled) process.stderr.write('\r\x1b[K')
  }
}

function fmt(s: number): string {
  if (s < 60) return `${s.toFixed(0)}s`
  const m = Math.floor(s / 60)
  return m < 60 ? `${m}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`
}
