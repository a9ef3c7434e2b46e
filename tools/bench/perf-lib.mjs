// What the performance rows of tools/bench/perf.mjs share: the options, a run of one command with the wall time and the
// peak resident memory of its whole process tree, runs alternated between an anchor and pdftriage, medians, the
// printed row. Linux only for memory (it reads /proc); time works anywhere.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { benchArgs, root } from './bench-args.mjs'

/** How often the process tree's memory is read: short enough to catch a render's peak, cheap on a loaded machine. */
const POLL_MS = 40
const PAGE_KB = 4 // /proc/PID/statm counts pages of 4 KiB on x86-64 and arm64 Linux

/** Options read by single rows (see README.md). */
const ROW_OPTIONS = ['file', 'pages', 'count', 'seed']

/** True when `cmd` is on the PATH. */
export const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0

/**
 * The options every row reads: --bin (the pdftriage to measure, default this checkout's), --runs (5), --warmup (1),
 * --corpus ($PDFTRIAGE_CORPUS, else ../shared/corpus), --timeout (seconds a single run may take before it is killed). The checkout the bin
 * belongs to gives pdf.js and the OCR engine to rows that use them directly.
 */
export function perfOptions(argv = process.argv.slice(2)) {
  const { args, opt } = benchArgs(argv)
  const bin = resolve(opt('bin', join(root, 'packages', 'cli', 'bin', 'pdftriage.js')))
  if (!existsSync(bin)) throw new Error(`no pdftriage at ${bin} (give --bin CHECKOUT/packages/cli/bin/pdftriage.js)`)
  const ctx = {
    bin,
    checkout: resolve(dirname(bin), '..', '..', '..'),
    runs: Number(opt('runs', '5')),
    warmup: Number(opt('warmup', '1')),
    corpus: resolve(opt('corpus', process.env.PDFTRIAGE_CORPUS ?? join(root, '..', 'shared', 'corpus'))),
    timeoutS: opt('timeout', undefined),
    json: opt('json', undefined),
    keep: false,
    args,
  }
  // the rows' own options, taken off before the remaining arguments are read as row names
  const own = Object.fromEntries(ROW_OPTIONS.map((k) => [k, opt(k, undefined)]))
  ctx.opt = (name, dflt) => own[name] ?? dflt
  const k = args.indexOf('--keep')
  if (k >= 0) {
    ctx.keep = true
    args.splice(k, 1)
  }
  return ctx
}

/** A fresh temporary folder for a row, with an empty `cwd` inside to start runs in. */
export function rowFolder(name) {
  const dir = mkdtempSync(join(tmpdir(), `pdftriage-perf-${name}-`))
  // Runs start in an empty folder: the CLI resolves plugins and pdftriage.config.json from the folder it starts in
  // before its own, so a run started inside a checkout would mix that checkout's code into the one measured.
  mkdirSync(join(dir, 'cwd'))
  return { dir, cwd: join(dir, 'cwd') }
}

/** Parent of every live process, from /proc/PID/stat (the field after the command name, which may hold spaces). */
function parents() {
  const map = new Map()
  for (const p of readdirSync('/proc')) {
    if (p.charCodeAt(0) > 57) continue
    try {
      const s = readFileSync(`/proc/${p}/stat`, 'latin1')
      map.set(Number(p), Number(s.slice(s.lastIndexOf(')') + 2).split(' ', 2)[1]))
    } catch {
      /* the process ended meanwhile */
    }
  }
  return map
}

/** Sum of resident memory (MB) of `pid` and all its descendants (threads count once: they share their process's RSS). */
function treeRssMb(pid) {
  const kids = new Map()
  for (const [p, pp] of parents()) {
    if (!kids.has(pp)) kids.set(pp, [])
    kids.get(pp).push(p)
  }
  let kb = 0
  const stack = [pid]
  while (stack.length) {
    const p = stack.pop()
    try {
      kb += Number(readFileSync(`/proc/${p}/statm`, 'latin1').split(' ', 2)[1]) * PAGE_KB
    } catch {
      /* ended meanwhile */
    }
    stack.push(...(kids.get(p) ?? []))
  }
  return kb / 1024
}

/**
 * Runs one command in its own process group; resolves with the wall seconds of the whole process (spawn to exit),
 * the largest sum of RSS over its process tree seen by polling, the exit code or signal, and the ends of its output.
 * A run over `timeoutS` has its whole group killed.
 */
export function treeRun(cmd, args, { cwd, env, timeoutS = 3600 } = {}) {
  return new Promise((done) => {
    const t0 = performance.now()
    const c = spawn(cmd, args, { cwd, env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let out = ''
    let err = ''
    const tail = (s, d) => (s + d).slice(-4000)
    c.stdout.on('data', (d) => (out = tail(out, d)))
    c.stderr.on('data', (d) => (err = tail(err, d)))
    let peak = 0
    let timedOut = false
    const linux = existsSync('/proc/self/statm')
    const poll = () => {
      if (linux) peak = Math.max(peak, treeRssMb(c.pid))
      if (performance.now() - t0 > timeoutS * 1000 && !timedOut) {
        timedOut = true
        try {
          process.kill(-c.pid, 'SIGKILL')
        } catch {
          /* already gone */
        }
      }
    }
    const iv = setInterval(poll, POLL_MS)
    c.on('error', (e) => {
      clearInterval(iv)
      done({ code: -1, signal: null, timedOut, secs: 0, peakMb: 0, out, err: String(e) })
    })
    c.on('exit', (code, signal) => {
      const secs = (performance.now() - t0) / 1000
      clearInterval(iv)
      // the group's leftovers (a child that outlived its parent) would skew the next run
      try {
        process.kill(-c.pid, 'SIGKILL')
      } catch {
        /* none left */
      }
      done({ code, signal, timedOut, secs, peakMb: peak, out, err })
    })
  })
}

/** [node, [bin, ...args]]: the pdftriage being measured. */
export const pdftriage = (ctx, ...args) => [process.execPath, [ctx.bin, ...args]]

/**
 * Runs the arms alternated (A B C, A B C, ...) after `warmup` unmeasured rounds, `runs` measured rounds. An arm is
 * { name, cmd: () => [command, args], prepare?: () => void (before each run, not timed), ok?: exit codes accepted
 * (default [0]) }. A failed run is reported and kept out of the figures. Returns each arm with `samples`.
 */
export async function alternate(ctx, arms, { cwd, timeoutS, env, log = console.log } = {}) {
  const limit = Number(ctx.timeoutS ?? timeoutS ?? 3600)
  for (const a of arms) {
    a.samples = []
    a.failures = []
  }
  const total = ctx.warmup + ctx.runs
  for (let round = 0; round < total; round++) {
    const warm = round < ctx.warmup
    for (const a of arms) {
      a.prepare?.()
      const [cmd, args] = a.cmd()
      const r = await treeRun(cmd, args, { cwd, env: a.env ?? env, timeoutS: limit })
      const ok = !r.timedOut && (a.ok ?? [0]).includes(r.code)
      const what = `${warm ? 'warm-up' : `run ${round - ctx.warmup + 1}/${ctx.runs}`} ${a.name}`
      if (!ok) {
        const why = r.timedOut ? `killed after ${limit} s` : r.signal ? `signal ${r.signal}` : `exit ${r.code}`
        log(`    ${what}: FAILED (${why}; ${r.secs.toFixed(2)} s, peak ${r.peakMb.toFixed(0)} MB until then) ${r.err.trim().split('\n').slice(-3).join(' | ')}`)
        if (!warm) a.failures.push(why)
        continue
      }
      log(`    ${what}: ${r.secs.toFixed(2)} s, peak ${r.peakMb.toFixed(0)} MB${r.code ? ` (exit ${r.code})` : ''}`)
      if (!warm) a.samples.push({ secs: r.secs, peakMb: r.peakMb, code: r.code, out: r.out, err: r.err })
      a.last = r
    }
  }
  return arms
}

export function median(v) {
  if (!v.length) return NaN
  const s = [...v].sort((a, b) => a - b)
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

/** Median, min and max of one figure ('secs' or 'peakMb') of an arm's samples. */
export function stats(arm, figure) {
  const v = arm.samples.map((s) => s[figure])
  return { median: median(v), min: Math.min(...v), max: Math.max(...v), n: v.length }
}

/** Per-round ratios f(anchor sample, subject sample) of the rounds both completed: robust to load that drifts. */
export function pairedRatios(anchor, subject, figure, f) {
  const n = Math.min(anchor.samples.length, subject.samples.length)
  const r = []
  for (let i = 0; i < n; i++) r.push(f(anchor.samples[i][figure], subject.samples[i][figure]))
  return { median: median(r), min: Math.min(...r), max: Math.max(...r), n }
}

export const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')

const fmt = (figure, x) => (figure === 'secs' ? `${x.toFixed(2)} s` : `${x.toFixed(0)} MB`)
const range = (figure, s) => (s.n ? `${fmt(figure, s.median)} (${fmt(figure, s.min)}-${fmt(figure, s.max)}, n=${s.n})` : 'no run completed')

/**
 * Builds a row's result from its arms: `anchor` and `subject` are arm names; `figure` the measure compared ('secs' or
 * 'peakMb'); `ratio` how the issue states it: 'speed' (anchor / pdftriage: higher is faster), 'slowdown' (pdftriage /
 * anchor), or 'absolute' (pdftriage's own figure, the anchor beside it for information); `target` { op: '>=' | '<=',
 * value, text }; `also` { ok, text }: a further condition of the target (the pages reading right). Prints every arm's time
 * and peak, then the ratio and whether the target is met.
 */
export function result(row, arms, { anchor, subject, figure, ratio, target, notes = [], also }, log = console.log) {
  const a = arms.find((x) => x.name === anchor)
  const s = arms.find((x) => x.name === subject)
  log(`  ${'arm'.padEnd(34)} ${'time: median (min-max)'.padEnd(36)} peak memory of the process tree: median (min-max)`)
  for (const x of arms) {
    const tag = x === a ? ' [anchor]' : x === s ? ' [pdftriage]' : ''
    log(`  ${(x.name + tag).padEnd(34)} ${range('secs', stats(x, 'secs')).padEnd(36)} ${range('peakMb', stats(x, 'peakMb'))}`)
  }
  const ss = stats(s, figure)
  const as = a ? stats(a, figure) : undefined
  if (!ss.n || (a && !as.n)) {
    log(`  => no completed run of ${ss.n ? anchor : subject}: no ratio; target ${target.text}: NOT MET (not measured)`)
    for (const n of notes) log(`  note: ${n}`)
    const text = 'not measured'
    return {
      row: row.id,
      title: row.title,
      figure,
      anchor: a ? { name: anchor, ...as } : undefined,
      subject: { name: subject, ...ss },
      others: [],
      ratio: { label: '', value: NaN, text, spread: '' },
      target: target.text,
      met: false,
      notes,
      load: load(),
    }
  }
  let value
  let label
  let spread
  if (ratio === 'speed') {
    value = as.median / ss.median
    label = `${anchor} / ${subject} (speed)`
    spread = pairedRatios(a, s, figure, (x, y) => x / y)
  } else if (ratio === 'slowdown') {
    value = ss.median / as.median
    label = `${subject} / ${anchor}`
    spread = pairedRatios(a, s, figure, (x, y) => y / x)
  } else {
    value = ss.median
    label = `${subject} ${figure === 'secs' ? 'time' : 'peak'}`
    spread = { median: ss.median, min: ss.min, max: ss.max, n: ss.n }
  }
  const met = Number.isFinite(value) && (target.op === '>=' ? value >= target.value : value <= target.value) && (also?.ok ?? true)
  const shown = ratio === 'absolute' ? fmt(figure, value) : `${value.toFixed(2)}x`
  const spreadText =
    ratio === 'absolute'
      ? `${fmt(figure, spread.min)}-${fmt(figure, spread.max)}`
      : `per-round ${spread.min.toFixed(2)}-${spread.max.toFixed(2)}x, median ${spread.median.toFixed(2)}x`
  const extra = ratio === 'absolute' && as?.n ? `; ${(ss.median / as.median).toFixed(2)}x the anchor's ${fmt(figure, as.median)}` : ''
  log(`  => ${label}: ${shown} (${spreadText})${extra}${also ? `; ${also.text}` : ''}; target ${target.text}: ${met ? 'met' : 'NOT MET'}`)
  for (const n of notes) log(`  note: ${n}`)
  return {
    row: row.id,
    title: row.title,
    figure,
    anchor: a ? { name: anchor, ...as } : undefined,
    subject: { name: subject, ...ss },
    others: arms.filter((x) => x !== a && x !== s).map((x) => ({ name: x.name, secs: stats(x, 'secs'), peakMb: stats(x, 'peakMb') })),
    ratio: { label, value, text: shown, spread: spreadText + extra },
    target: target.text,
    met,
    notes,
    load: load(),
  }
}

/** Removes a row's folder unless --keep. */
export function cleanup(ctx, dir) {
  if (!ctx.keep) rmSync(dir, { recursive: true, force: true })
  else console.log(`  kept ${dir}`)
}

/** The installed path of `name` from a Debian package's file list, or undefined. */
export function debianFile(pkg, name) {
  const r = spawnSync('dpkg', ['-L', pkg], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout.split('\n').find((l) => l.endsWith(`/${name}`) && existsSync(l)) : undefined
}

/** Joins pages into one PDF with qpdf: `parts` is [[file, pages], ...] in qpdf's page-range syntax. */
export function qpdfJoin(parts, out) {
  const r = spawnSync('qpdf', ['--empty', '--pages', ...parts.flat(), '--', out], { encoding: 'utf8' })
  // qpdf exits 3 when it wrote the file with warnings (a damaged source it repaired)
  if (r.status !== 0 && r.status !== 3) throw new Error(`qpdf failed: ${r.stderr}`)
  return out
}

// Letters and digits only: dot leaders, rules and punctuation are where OCR and a text layer differ most without a word
// being misread.
const norm = (s) =>
  (s ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/**
 * Character trigram similarity of two texts: the Dice coefficient of their trigram multisets after NFKC, lower case,
 * and every run of characters other than letters and digits made one space (1 for two empty texts). Insensitive to
 * line order, sensitive to misread letters.
 */
export function trigramSimilarity(a, b) {
  const grams = (s) => {
    const m = new Map()
    for (let i = 0; i + 3 <= s.length; i++) m.set(s.slice(i, i + 3), (m.get(s.slice(i, i + 3)) ?? 0) + 1)
    return m
  }
  const x = grams(norm(a))
  const y = grams(norm(b))
  let nx = 0
  let ny = 0
  let both = 0
  for (const [g, c] of x) {
    nx += c
    both += Math.min(c, y.get(g) ?? 0)
  }
  for (const c of y.values()) ny += c
  return nx + ny ? (2 * both) / (nx + ny) : 1
}

/** Character error rate: Levenshtein distance / truth length after NFKC and white space collapsed (case kept). */
export function cer(got, truth) {
  const a = (got ?? '').normalize('NFKC').replace(/\s+/g, ' ').trim()
  const b = truth.normalize('NFKC').replace(/\s+/g, ' ').trim()
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = cur
  }
  return prev[b.length] / Math.max(1, b.length)
}

/** One page's text with poppler's pdftotext. */
export const pageText = (pdf, n) => spawnSync('pdftotext', ['-f', String(n), '-l', String(n), pdf, '-'], { encoding: 'utf8' }).stdout ?? ''

/** Native tesseract's text of one page rendered by poppler at 300 dpi (the reference a page is read against). */
export function nativeOcr(pdf, n, dir, lang = 'fra') {
  const base = join(dir, `ref-${n}`)
  spawnSync('pdftoppm', ['-r', '300', '-gray', '-f', String(n), '-l', String(n), '-singlefile', pdf, base])
  return spawnSync('tesseract', [`${base}.pgm`, '-', '-l', lang], { encoding: 'utf8', maxBuffer: 1 << 26 }).stdout ?? ''
}

/** True when tesseract is installed with `lang`'s model. */
export const tesseractHas = (lang) => spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' }).stdout?.split('\n').includes(lang) ?? false

/**
 * Runs the rows asked for (ids or names; all when none), prints each, then a summary table; --json FILE also writes the
 * results. The entry point of perf.mjs and of each row script run alone.
 */
export async function main(rows, argv = process.argv.slice(2)) {
  const ctx = perfOptions(argv)
  const wanted = ctx.args.length ? ctx.args : rows.map((r) => r.id)
  const picked = wanted.map((w) => {
    const r = rows.find((x) => x.id === w || x.name === w)
    if (!r) throw new Error(`no row ${w}: rows are ${rows.map((x) => `${x.id} (${x.name})`).join(', ')}`)
    return r
  })
  console.log(`pdftriage: ${ctx.bin}`)
  console.log(`runs: ${ctx.runs} measured after ${ctx.warmup} warm-up each, alternated; load average ${load()} on ${cpus().length} cores`)
  const results = []
  for (const r of picked) {
    console.log(`\n(${r.id}) ${r.title}  [load ${load()}]`)
    const t0 = performance.now()
    let res
    try {
      res = await r.run(ctx)
    } catch (e) {
      res = { row: r.id, title: r.title, skipped: `failed: ${e.stack ?? e}` }
    }
    if (res.skipped) console.log(`  skipped: ${res.skipped}`)
    res.minutes = (performance.now() - t0) / 60000
    results.push(res)
  }
  console.log(
    '\nrow  anchor median            pdftriage median         ratio or figure            min-max                                   target              met',
  )
  for (const r of results) {
    if (r.skipped) {
      console.log(`${r.row.padEnd(4)} skipped: ${r.skipped.split('\n')[0]}`)
      continue
    }
    const fmtArm = (x) => (x?.n ? `${r.figure === 'secs' ? `${x.median.toFixed(2)} s` : `${x.median.toFixed(0)} MB`}` : '-')
    console.log(
      `${r.row.padEnd(4)} ${fmtArm(r.anchor).padEnd(25)} ${fmtArm(r.subject).padEnd(24)} ${r.ratio.text.padEnd(26)} ${r.ratio.spread.slice(0, 41).padEnd(41)} ${r.target.padEnd(19)} ${r.met ? 'met' : 'NOT MET'}`,
    )
  }
  console.log(`\nload average at the end: ${load()}`)
  if (ctx.json) writeFileSync(ctx.json, JSON.stringify({ bin: ctx.bin, runs: ctx.runs, results }, null, 2) + '\n')
}
