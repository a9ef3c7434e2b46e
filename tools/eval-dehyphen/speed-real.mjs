// Post-pass cost against extraction on real PDFs (best of 3, CPU time): node tools/eval-dehyphen/speed-real.mjs FILE.pdf...
// Build first (npm run build). The texlive French manuals (Debian texlive-lang-french) were the ones measured.
// Run with --expose-gc (the script re-runs itself so): the garbage extraction leaves is collected before the post-pass
// is timed and charged to extraction, which made it; otherwise the collector runs inside the post-pass and bills it.
// The collection is a plain major one: `gc()` without arguments is a memory-reducing collection that also throws
// away all compiled code, which a pipeline never does between documents, and made every post-pass start cold.
import { readFileSync } from 'node:fs'
import extractor from '../../packages/extract-pdfjs/dist/src/index.js'
// POSTPASS=<path to a built index.js> times another build of the post-pass (the one before a change, to compare).
const {
  rebuildText,
  dehyphenOptionsSchema,
  dictionaryLoadMs = new Map(),
} = await import(process.env.POSTPASS ?? '../../packages/postpass-dehyphen/dist/src/index.js')
const ex = await extractor.create(extractor.optionsSchema.parse({}), { baseDir: '.' })
const o = dehyphenOptionsSchema.parse({})
const cpu = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
if (typeof globalThis.gc !== 'function') {
  const { spawnSync } = await import('node:child_process')
  const { fileURLToPath } = await import('node:url')
  process.exit(spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' }).status ?? 1)
}
for (const f of process.argv.slice(2)) {
  let bestE = Infinity,
    bestP = Infinity,
    n = 0,
    firstP = 0
  // The dictionaries are read once a process, by the first document that needs them: reported apart.
  const loadedBefore = new Set(dictionaryLoadMs.keys())
  for (let k = 0; k < 3; k++) {
    const t0 = cpu()
    const d = await ex.open(new Uint8Array(readFileSync(f)))
    const pts = []
    for (let i = 1; i <= d.pageCount; i++) pts.push(await d.getPageText(i))
    await d.close()
    globalThis.gc({ type: 'major' })
    const t1 = cpu()
    rebuildText({ info: { pageCount: pts.length }, pages: pts }, o)
    const t2 = cpu()
    if (k === 0) firstP = t2 - t1
    bestE = Math.min(bestE, t1 - t0)
    bestP = Math.min(bestP, t2 - t1)
    n = pts.length
  }
  const loads = [...dictionaryLoadMs].filter(([l]) => !loadedBefore.has(l)).map(([l, ms]) => `${l} ${ms.toFixed(0)} ms`)
  console.log(
    f.split('/').pop(),
    n,
    'pages: extract',
    (bestE / n).toFixed(2),
    'ms/page, post-pass',
    (bestP / n).toFixed(2),
    'ms/page =',
    ((100 * bestP) / bestE).toFixed(1),
    '%;',
    `first run ${((100 * firstP) / bestE).toFixed(1)} %${loads.length ? ` (dictionaries read in it, wall: ${loads.join(', ')})` : ''}`,
  )
}
