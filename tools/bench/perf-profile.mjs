#!/usr/bin/env node
// Where one `pdftriage ocr` run's time goes, page by page: the CLI's components and configuration, run through core's
// runDocument as `ocr` runs it, with each render (page, resolution, ms, size) and each tesseract reading (page,
// pixels, languages, ms) timed by wrapping the extractor's `renderPage` and the engine's `recognize`, and the stages
// from core's `onStage` events and each page's `timings` and `looks`. Worker start-ups are timed by wrapping the
// engine's pool spawn.
//
//   node tools/bench/perf-profile.mjs IN.pdf [-l fra] [--mode judge|force] [--jobs N] [--inflight PAGES] [--json OUT.json]
import { resolve, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const core = await import(join(root, 'packages/core/dist/src/index.js'))
const { CLI_DIR } = await import(join(root, 'packages/cli/dist/src/cli-dir.js'))
const { preset } = await import(join(root, 'packages/preset-default/dist/src/index.js'))
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    l: { type: 'string' },
    mode: { type: 'string', default: 'judge' },
    json: { type: 'string' },
    jobs: { type: 'string' },
    inflight: { type: 'string' },
  },
})
const file = positionals[0]
const T0 = performance.now()
const now = () => performance.now() - T0
const events = []
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'latin1'))[1]) / 1024
const ev = (e) => events.push({ t: now(), rss: rssMb(), ...e })
// The peak resident size, sampled, with the last event before it: what the process held at its largest.
let peak = { rss: 0 }
const sampler = setInterval(() => {
  const r = rssMb()
  if (r > peak.rss) peak = { rss: r, t: now(), after: events.at(-1), mem: process.memoryUsage() }
}, 25)

const loaded = await core.loadConfig(undefined, process.cwd(), preset.config)
const config = { ...loaded.config, policy: values.mode === 'force' ? 'ocr' : 'auto' }
if (values.l) config.languages = values.l.split('+')
if (values.jobs) config.ocr = { use: typeof config.ocr === 'string' ? config.ocr : config.ocr.use, options: { workers: Number(values.jobs) } }
const components = await core.createComponents(config, loaded.baseDir, { names: preset, fallbackDirs: [CLI_DIR], withPostprocess: false })
ev({ what: 'components' })
const eng = components.ocr
if (eng) {
  const rec = eng.recognize.bind(eng)
  eng.recognize = async (img, o) => {
    const t = now()
    try {
      return await rec(img, o)
    } finally {
      ev({
        what: 'recognize',
        page: img.pageNumber,
        px: `${img.width}x${img.height}`,
        dpi: img.dpi,
        langs: (o?.languages ?? []).join('+'),
        start: t,
        ms: now() - t,
      })
    }
  }
  const pool = eng.pool
  if (pool) {
    const spawn = pool.spawn
    pool.spawn = async (key) => {
      const t = now()
      const s = await spawn(key)
      ev({ what: 'worker-start', key, start: t, ms: now() - t })
      return s
    }
  }
}
const bytes = new Uint8Array(readFileSync(file))
const doc = await components.extractor.open(bytes.slice(), { file })
ev({ what: 'open' })
const render = doc.renderPage.bind(doc)
doc.renderPage = async (n, dpi) => {
  const t = now()
  const img = await render(n, dpi)
  ev({ what: 'render', page: n, dpi, px: `${img.width}x${img.height}`, start: t, ms: now() - t })
  return img
}
const results = []
for await (const e of core.runDocument(doc, components, {
  file,
  policy: config.policy,
  ...(config.languages ? { languages: config.languages } : {}),
  postprocess: false,
  ...(values.inflight ? { pagesInFlight: Number(values.inflight) } : {}),
  onStage: (n, stage) => ev({ what: 'stage', page: n, stage }),
})) {
  if (e.type === 'page') {
    results.push(e.result)
    ev({ what: 'page-done', page: e.result.pageNumber })
  } else ev({ what: 'doc-done', notes: e.result.notes })
}
const threads = threadCpu()
await doc.close()
await components.close()
ev({ what: 'closed' })
const { writeSearchablePdfWithSummary } = await import(join(root, 'packages/write-pdf/dist/src/index.js'))
const tw = now()
await writeSearchablePdfWithSummary(
  bytes,
  results.map((r) => ({ pageNumber: r.pageNumber, action: r.action, page: r.page, ...(r.regionText ? { regions: r.regionText } : {}) })),
)
ev({ what: 'write', ms: now() - tw })

for (const [k, v] of Object.entries(threads)) console.log(`threads ${k}: ${v.n}, CPU ${v.s.toFixed(2)} s`)
clearInterval(sampler)
const mb = (x) => (x / 2 ** 20).toFixed(0)
console.log(
  `peak RSS ${peak.rss.toFixed(0)} MB at ${(peak.t / 1000).toFixed(2)} s after ${JSON.stringify({ ...peak.after, notes: undefined })}; heap ${mb(peak.mem.heapUsed)} MB, external ${mb(peak.mem.external)} MB, array buffers ${mb(peak.mem.arrayBuffers)} MB`,
)
for (const e of events.filter((e) => e.what !== 'stage'))
  console.log(`  @${(e.t / 1000).toFixed(2)} rss ${e.rss.toFixed(0)} ${e.what} ${e.page ?? ''} ${e.dpi ?? ''} ${e.key ?? ''}`)
const f = (x) => (x === undefined ? '-' : (x / 1000).toFixed(2))
console.log(`total ${f(now())} s; components ${f(events.find((e) => e.what === 'components').t)} s`)
for (const r of results) {
  const n = r.pageNumber
  const tm = r.timings ?? {}
  const renders = events.filter((e) => e.what === 'render' && e.page === n)
  const reads = events.filter((e) => e.what === 'recognize' && e.page === n)
  const st = events.filter((e) => e.what === 'stage' && e.page === n).map((e) => `${e.stage}@${f(e.t)}`)
  console.log(
    `p${n} ${r.verdict.layer}/${r.action}${r.repair ? ` (${r.repair})` : ''} by ${r.verdict.judge}: extract ${f(tm.extract)} judge ${f(tm.judge)} repair ${f(tm.repair)} render ${f(tm.render)} ocr ${f(tm.ocr)}; stages ${st.join(' ')}; done@${f(events.find((e) => e.what === 'page-done' && e.page === n).t)}`,
  )
  console.log(`   renders: ${renders.map((e) => `${e.dpi}dpi ${e.px} ${f(e.ms)}s`).join('; ') || 'none'}`)
  console.log(`   readings: ${reads.map((e) => `${e.dpi}dpi ${e.px} [${e.langs}] ${f(e.ms)}s @${f(e.start)}`).join('; ') || 'none'}`)
  console.log(
    `   looks: ${(r.looks ?? []).map((l) => `${l.by} ${l.dpi}${l.box ? ' box' : l.band ? ' band' : ' page'}${l.turn ? ` t${l.turn}` : ''}${l.reused ? ' reused' : ''}${l.rendered ? '' : ' (render reused)'} ${f(l.ms)}s`).join('; ') || 'none'}`,
  )
}
for (const e of events.filter((e) => e.what === 'worker-start')) console.log(`worker ${e.key} started @${f(e.start)} in ${f(e.ms)} s`)
const busy = events.filter((e) => e.what === 'recognize').reduce((a, e) => a + e.ms, 0)
console.log(
  `readings ${events.filter((e) => e.what === 'recognize').length}, ${f(busy)} s summed; renders ${events.filter((e) => e.what === 'render').length}, ${f(events.filter((e) => e.what === 'render').reduce((a, e) => a + e.ms, 0))} s summed; write ${f(events.find((e) => e.what === 'write').ms)} s`,
)
if (values.json)
  writeFileSync(
    values.json,
    JSON.stringify(
      { events, results: results.map((r) => ({ n: r.pageNumber, verdict: r.verdict, action: r.action, timings: r.timings, looks: r.looks })) },
      null,
      1,
    ),
  )

/** CPU seconds of this process's threads by name, from /proc (worker threads and pools alike). */
function threadCpu() {
  const tick = 100 // USER_HZ on Linux
  const out = {}
  for (const t of readdirSync('/proc/self/task')) {
    try {
      const st = readFileSync(`/proc/self/task/${t}/stat`, 'latin1')
      const name = st.slice(st.indexOf('(') + 1, st.lastIndexOf(')'))
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ')
      const s = (Number(f[11]) + Number(f[12])) / tick
      const k = t === String(process.pid) ? 'main' : name
      out[k] ??= { n: 0, s: 0 }
      out[k].n++
      out[k].s += s
    } catch {
      // the thread ended meanwhile
    }
  }
  return out
}
