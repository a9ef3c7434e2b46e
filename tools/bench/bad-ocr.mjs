// Pages with a poor OCR layer (../shared/corpus, label bad_ocr): word F1 of each page's output text against its truth.
//   node tools/bench/bad-ocr.mjs score OUT [OUT2 ...]   pages.jsonl of `pdftriage run --out OUT` on those files
//   node tools/bench/bad-ocr.mjs sidecar DIR           DIR/<name>.txt sidecars (ocrmypdf --sidecar) of the same files
//   node tools/bench/bad-ocr.mjs skew                  the skew measured on each page's 300 dpi render vs the label's
//   node tools/bench/bad-ocr.mjs files                 the files, one a line (to link them into an input folder)
//   node tools/bench/bad-ocr.mjs bench [--work DIR] [--baseline CHECKOUT] [--no-ocrmypdf]
//       all in one run: links the files into DIR/in, runs `pdftriage run` of CHECKOUT (built; e.g. /work/main) into
//       DIR/before and of this checkout into DIR/after, `ocrmypdf --force-ocr --deskew --oversample 300 -l fra+eng
//       --sidecar` into DIR/ocrmypdf (when installed), prints each run's CPU seconds (user + system of the process
//       tree) and scores all of them page by page (`score`). Use `nice -n 5` on a shared machine.
// Per page: the layer's construction (notes: mode, angle, resolution), the file's own layer F1, and each output's F1.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { benchArgs, root } from './bench-args.mjs'
import { f1 } from './word-score.mjs'

// beside the checkout, or beside the folder of worktrees
const corpus = [join(root, '..', 'shared', 'corpus'), join(root, '..', '..', 'shared', 'corpus')].find((d) => existsSync(join(d, 'labels.jsonl')))
const labels = readFileSync(join(corpus, 'labels.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l))
  .filter((l) => l.label === 'bad_ocr')
const angleOf = (l) => Number(/"angle": (-?[\d.]+)/.exec(l.notes)?.[1] ?? 0)
const kindOf = (l) =>
  (/"fmt": "g4"/.test(l.notes) ? 'skewed g4' : `${/"out_dpi": (\d+)/.exec(l.notes)?.[1] ?? '?'} dpi jpeg`) + ` ${/mode=(\w+)/.exec(l.notes)?.[1]}`
const truth = (l) => readFileSync(join(corpus, l.truth), 'utf8')
const layerText = (l) => spawnSync('pdftotext', ['-f', String(l.page), '-l', String(l.page), join(corpus, l.file), '-'], { encoding: 'utf8' }).stdout ?? ''
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)

const { args, opt } = benchArgs()
const [cmd, ...rest] = args
/** Runs a shell command, returns the CPU seconds (user + system) of it and its children. */
const cpu = (command) => {
  const r = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S'; time (${command} >/dev/null 2>&1)`], { encoding: 'utf8' })
  const [u, sy] = (r.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number)
  return u + sy
}
if (cmd === 'bench') {
  const work = opt('work', '/tmp/bad-ocr-bench')
  const baseline = opt('baseline')
  const omp = !args.includes('--no-ocrmypdf') && spawnSync('ocrmypdf', ['--version']).status === 0
  mkdirSync(join(work, 'in'), { recursive: true })
  for (const l of labels) if (!existsSync(join(work, 'in', basename(l.file)))) symlinkSync(join(corpus, l.file), join(work, 'in', basename(l.file)))
  const outs = []
  for (const [name, checkout] of [...(baseline ? [['before', baseline]] : []), ['after', root]]) {
    const s = cpu(`cd ${work} && node ${join(checkout, 'packages', 'cli', 'dist', 'src', 'bin.js')} run --out ${join(work, name)} -q in`)
    console.log(`${name} (${checkout}): ${s.toFixed(0)} CPU s`)
    outs.push(join(work, name))
  }
  if (omp) {
    mkdirSync(join(work, 'ocrmypdf'), { recursive: true })
    const files = [...new Set(labels.map((l) => basename(l.file, '.pdf')))]
    const s = cpu(
      files
        .map(
          (b) =>
            `ocrmypdf -q -l fra+eng --force-ocr --deskew --oversample 300 --sidecar ${work}/ocrmypdf/${b}.txt ${work}/in/${b}.pdf ${work}/ocrmypdf/${b}.pdf`,
        )
        .join('; '),
    )
    console.log(`ocrmypdf: ${s.toFixed(0)} CPU s`)
  }
  const score = (c, dirs) => spawnSync(process.execPath, [fileURLToPath(import.meta.url), c, ...dirs], { stdio: 'inherit' })
  score('score', outs)
  if (omp) score('sidecar', [join(work, 'ocrmypdf')])
} else if (cmd === 'files') {
  for (const l of labels) console.log(join(corpus, l.file))
} else if (cmd === 'skew') {
  const { createPdfjsExtractor, pdfjsExtractorOptionsSchema } = await import(join(root, 'packages', 'extract-pdfjs', 'dist', 'src', 'index.js'))
  const { measureSkew } = await import(join(root, 'packages', 'ocr-tesseract', 'dist', 'src', 'deskew.js'))
  const ex = createPdfjsExtractor(pdfjsExtractorOptionsSchema.parse({}))
  for (const l of labels) {
    const doc = await ex.open(readFileSync(join(corpus, l.file)))
    const img = await doc.renderPage(l.page, 300)
    const t = performance.now()
    const m = measureSkew(img, 10)
    console.log(`${basename(l.file)}\t${kindOf(l)}\tlabel ${angleOf(l).toFixed(2)}\tmeasured ${m.toFixed(2)}\t${(performance.now() - t).toFixed(0)} ms`)
    await doc.close()
  }
} else if (cmd === 'engine') {
  // The OCR engine alone on each page skewed by at least `--min` degrees (measured), read level and straightened.
  const min = Number(rest[0] ?? 0.5)
  const { createPdfjsExtractor, pdfjsExtractorOptionsSchema } = await import(join(root, 'packages', 'extract-pdfjs', 'dist', 'src', 'index.js'))
  const { measureSkew } = await import(join(root, 'packages', 'ocr-tesseract', 'dist', 'src', 'deskew.js'))
  const { createTesseractEngine } = await import(join(root, 'packages', 'ocr-tesseract', 'dist', 'src', 'index.js'))
  const ex = createPdfjsExtractor(pdfjsExtractorOptionsSchema.parse({}))
  const level = createTesseractEngine({ workers: 1, deskew: false })
  const straight = createTesseractEngine({ workers: 1, deskewMinDegrees: 0 })
  const a = []
  const b = []
  for (const l of labels) {
    const doc = await ex.open(readFileSync(join(corpus, l.file)))
    const img = await doc.renderPage(l.page, 300)
    await doc.close()
    const m = measureSkew(img, 10)
    if (Math.abs(m) < min) continue
    const t = truth(l)
    const t0 = performance.now()
    const x = f1((await level.recognize(img)).text, t)
    const t1 = performance.now()
    const y = f1((await straight.recognize(img)).text, t)
    const t2 = performance.now()
    a.push(x)
    b.push(y)
    console.log(
      `${basename(l.file)}\t${kindOf(l)}\tskew ${m.toFixed(2)}\tlevel ${x.toFixed(3)} (${((t1 - t0) / 1000).toFixed(1)} s)\tstraightened ${y.toFixed(3)} (${((t2 - t1) / 1000).toFixed(1)} s)`,
    )
  }
  console.log(`mean over ${a.length} pages: level ${mean(a).toFixed(3)}, straightened ${mean(b).toFixed(3)}`)
  await level.close()
  await straight.close()
} else if (cmd === 'score' || cmd === 'sidecar') {
  const outs = rest.map((dir) => {
    // a folder of sidecars (ocrmypdf --sidecar <name>.txt) rather than a run's output
    if (cmd === 'sidecar' || !existsSync(join(dir, 'pages.jsonl')))
      return (l) => {
        const f = join(dir, basename(l.file, '.pdf') + '.txt')
        return existsSync(f) ? readFileSync(f, 'utf8') : { text: '', action: 'missing' }
      }
    const rows = readFileSync(join(dir, 'pages.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((r) => JSON.parse(r))
    return (l) => {
      const r = rows.find((x) => basename(x.file) === basename(l.file) && x.page === l.page)
      return r ? { text: r.text ?? '', action: r.action } : { text: '', action: 'missing' }
    }
  })
  const sums = outs.map(() => [])
  const layer = []
  const ocred = outs.map(() => 0)
  // pages every output has (a run cut short leaves some out): the means are over these
  const common = []
  for (const l of labels) {
    let all = true
    const t = truth(l)
    const lf = f1(layerText(l), t)
    layer.push(lf)
    const cells = outs.map((get, i) => {
      const got = get(l)
      const text = typeof got === 'string' ? got : got.text
      if (typeof got !== 'string' && got.action === 'ocr') ocred[i]++
      if (typeof got !== 'string' && got.action === 'missing') all = false
      const v = f1(text, t)
      sums[i].push(v)
      return v.toFixed(3) + (typeof got === 'string' ? '' : ` ${got.action}`)
    })
    common.push(all)
    console.log(`${basename(l.file)}\t${kindOf(l)}\tangle ${angleOf(l).toFixed(1)}\tlayer ${lf.toFixed(3)}\t${cells.join('\t')}`)
  }
  const kept = (xs) => xs.filter((_, i) => common[i])
  console.log(
    `mean word F1 over the ${kept(labels).length} of ${labels.length} pages every output has: layer ${mean(kept(layer)).toFixed(3)}\t${sums.map((s, i) => `${rest[i]} ${mean(kept(s)).toFixed(3)} (${ocred[i]} OCRed)`).join('\t')}`,
  )
  for (const k of ['skewed g4', 'jpeg']) {
    const idx = labels.map((l, i) => (kindOf(l).includes(k) && common[i] ? i : -1)).filter((i) => i >= 0)
    console.log(
      `  ${k} (${idx.length}): layer ${mean(idx.map((i) => layer[i])).toFixed(3)}\t${sums.map((s) => mean(idx.map((i) => s[i])).toFixed(3)).join('\t')}`,
    )
  }
} else {
  console.log('usage: bad-ocr.mjs score OUT... | sidecar DIR | skew | files')
}
