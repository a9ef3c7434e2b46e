// `pdftriage fit` and `pdftriage calibrate`'s work: reading the user's good pages (text files, or PDF pages the
// judges call healthy) and fitting or calibrating a letter-pair model on them.
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { writeAtomic } from '@pdftriage/batch'
import { TriageError, createComponents, loadConfig, openDocument, runDocument, type Components } from '@pdftriage/core'
import { preset } from '@pdftriage/preset-default'
import { calibrate, fitModel, loadModel, saveModel, scoreText, splitPages } from '@pdftriage/model-bigram'
import { CLI_DIR } from './cli-dir.js'
import { readLabels, type Label } from './eval/labels.js'

/** A page of training or held-out text with where it came from. */
interface SourcedPage {
  source: string
  text: string
}

/** The config's extractor and judges, without OCR or post-pass: pages read as the file gives them, judged or not. */
async function judgingComponents(configFile: string | undefined, cwd: string): Promise<Components> {
  const { config, baseDir } = await loadConfig(configFile, cwd, preset.config)
  return createComponents(config, baseDir, { withOcr: false, withPostprocess: false, names: preset, fallbackDirs: [CLI_DIR] })
}

/**
 * Reads pages from .txt files (pages separated by form feeds) and PDFs: of these, only the pages the configured judges
 * call `healthy`, each listed so the user can review them. PDFs go through the pipeline with the config's extractor
 * and judges, without repairs or OCR (a repaired or OCRed page is not the user's own good text); judges that need OCR
 * abstain there.
 */
async function readPages(inputs: string[], cwd: string, configFile: string | undefined, log: (s: string) => void): Promise<SourcedPage[]> {
  const pages: SourcedPage[] = []
  let components: Components | undefined
  try {
    for (const input of inputs) {
      const path = resolve(cwd, input)
      if (!/\.pdf$/i.test(input)) {
        const txt = await readFile(path, 'utf8').catch((e: Error) => {
          throw new TriageError('FILE_UNREADABLE', `Cannot read ${input}: ${e.message}`, { file: input })
        })
        splitPages(txt).forEach((text, i) => pages.push({ source: `${input}#${i + 1}`, text }))
        continue
      }
      components ??= await judgingComponents(configFile, cwd)
      const doc = await openDocument(components.extractor, new Uint8Array(await readFile(path)), { file: input })
      try {
        const judgeOnly = { judges: components.judges, repairs: [], postprocess: [] }
        for await (const ev of runDocument(doc, judgeOnly, { file: input, policy: 'extract', performOcr: false, postprocess: false })) {
          if (ev.type !== 'page') continue
          const { pageNumber: n, verdict: v, page: p } = ev.result
          // A verdict of no judge ("none": all abstained) is not a judgement that the page is good.
          if (ev.result.action === 'kept' && v.layer === 'healthy' && v.judge !== 'none') {
            pages.push({ source: `${input} p${n}`, text: p.text })
            log(`  using ${input} p${n} (${p.text.length} chars)`)
          } else log(`  skipping ${input} p${n}: ${ev.result.action === 'failed' ? 'failed' : v.judge === 'none' ? 'no verdict' : v.layer}`)
        }
      } finally {
        await doc.close()
      }
    }
  } finally {
    await components?.close()
  }
  return pages
}

/** Labels of pages that need no OCR yet whose raw layer is not good text (a repair makes it read). */
const LABELS_NEEDING_REPAIR = new Set(['reflected'])

/** Pages a person labelled, split by their word: readable pages to pass, pages needing OCR whose layer has text. */
interface LabelledPages {
  readable: SourcedPage[]
  needsOcr: SourcedPage[]
}

/**
 * Reads the pages a `labels.jsonl` names (as `eval --labels` reads it, paths under `root`; the review page exports
 * one): a page labelled readable is trusted whatever the judges say (the person's word is the point), a page labelled
 * as needing OCR is kept to show what the calibrated model still catches. Pages without text (blank, absent) and
 * uncertain ones (`needs_ocr` null) tell the letter-pair model nothing and are skipped, as are pages a file lacks.
 */
async function readLabelledPages(
  labelsFile: string,
  root: string,
  cwd: string,
  configFile: string | undefined,
  log: (s: string) => void,
): Promise<LabelledPages> {
  const byFile = new Map<string, Label[]>()
  for (const l of await readLabels(labelsFile, cwd)) {
    if (l.needs_ocr === null) continue
    byFile.set(l.file, [...(byFile.get(l.file) ?? []), l])
  }
  const out: LabelledPages = { readable: [], needsOcr: [] }
  const components = await judgingComponents(configFile, cwd)
  try {
    for (const [file, labels] of byFile) {
      const path = resolve(cwd, root, file)
      const bytes = await readFile(path).catch((e: Error) => {
        throw new TriageError('FILE_UNREADABLE', `Cannot read ${file} (labelled in ${labelsFile}) under ${root}: ${e.message}`, { file })
      })
      const doc = await openDocument(components.extractor, new Uint8Array(bytes), { file })
      try {
        for (const l of labels) {
          if (l.page > doc.pageCount) {
            log(`  skipping ${file} p${l.page}: the file has ${doc.pageCount} page(s)`)
            continue
          }
          // A reflected layer reads right only once repaired: its raw characters are no model of good text.
          if (!l.needs_ocr && LABELS_NEEDING_REPAIR.has(l.label)) continue
          const pageText = (await doc.getPageText(l.page)).text
          if (!pageText.trim()) continue
          ;(l.needs_ocr ? out.needsOcr : out.readable).push({ source: `${file} p${l.page}`, text: pageText })
        }
      } finally {
        await doc.close()
      }
    }
  } finally {
    await components.close()
  }
  log(`labels: ${out.readable.length} readable page(s) with text to pass, ${out.needsOcr.length} needing OCR to check`)
  return out
}

/** `pdftriage fit`: fits a letter-pair model on the user's good pages and writes it. */
export async function fitCommand(o: {
  inputs: string[]
  out: string
  margin?: number
  cwd: string
  configFile?: string
  log: (s: string) => void
}): Promise<number> {
  const pages = (await readPages(o.inputs, o.cwd, o.configFile, o.log)).filter((p) => p.text.trim().length > 0)
  const model = fitModel(
    pages.map((p) => p.text),
    o.margin === undefined ? {} : { margin: o.margin },
  )
  await writeAtomic(resolve(o.cwd, o.out), saveModel(model))
  const worst = pages[model.worstTrainingPage]
  o.log(`fitted on ${model.trainingPages} pages`)
  o.log(`worst training page: ${worst?.source ?? model.worstTrainingPage} scores ${model.worstTrainingScore.toFixed(3)}`)
  o.log(`threshold: ${model.threshold.toFixed(3)} (margin ${model.margin} nat)`)
  o.log(`wrote ${o.out}`)
  return 0
}

/**
 * Scores the pages a person said need OCR against the calibrated threshold: widening the margin for readable pages can
 * let a damaged one through, and the user should see which before trusting the model. (The model judge also has rules
 * beyond the score, so a page passing here may still be caught; one under the threshold is flagged by the score alone.)
 */
function reportNeedsOcr(pages: SourcedPage[], model: ReturnType<typeof loadModel>, log: (s: string) => void): void {
  if (!pages.length) return
  let passing = 0
  for (const p of pages) {
    const score = scoreText(p.text.normalize('NFC'), model)
    const passes = Number.isFinite(score) && score >= model.threshold
    if (passes) passing++
    log(`  ${p.source} (needs OCR): score ${Number.isFinite(score) ? score.toFixed(3) : 'none'}, ${passes ? 'PASSES the threshold' : 'under the threshold'}`)
  }
  log(`of ${pages.length} page(s) labelled as needing OCR: ${pages.length - passing} under the threshold, ${passing} passing it`)
}

/** `pdftriage calibrate`: widens the margin just enough that the user's trusted held-out pages all pass. */
export async function calibrateCommand(o: {
  model: string
  inputs: string[]
  /** A person's labels (`labels.jsonl`) and the folder their paths are under: the readable pages replace `inputs`. */
  labels?: { file: string; root: string }
  out?: string
  cwd: string
  configFile?: string
  log: (s: string) => void
}): Promise<number> {
  const modelPath = resolve(o.cwd, o.model)
  const text = await readFile(modelPath, 'utf8').catch((e: Error) => {
    throw new TriageError('MODEL_INVALID', `Cannot read the model ${o.model}: ${e.message}. Make one with \`pdftriage fit\`.`, { file: o.model })
  })
  const model = loadModel(text, o.model)
  const labelled = o.labels ? await readLabelledPages(o.labels.file, o.labels.root, o.cwd, o.configFile, o.log) : undefined
  const pages = labelled ? labelled.readable : await readPages(o.inputs, o.cwd, o.configFile, o.log)
  const cal = calibrate(
    model,
    pages.map((p) => p.text),
  )
  for (const p of cal.pages) {
    const src = pages[p.index]?.source ?? String(p.index)
    o.log(
      `  ${src}: score ${p.score.toFixed(3)}, ${p.belowWorst >= 0 ? `${p.belowWorst.toFixed(3)} below` : `${(-p.belowWorst).toFixed(3)} above`} the worst training page`,
    )
  }
  o.log(`margin needed ${cal.needed.toFixed(3)}, kept ${cal.margin.toFixed(3)} nat; threshold ${cal.model.threshold.toFixed(3)}`)
  if (labelled) reportNeedsOcr(labelled.needsOcr, cal.model, o.log)
  const dest = o.out ?? o.model
  await writeAtomic(resolve(o.cwd, dest), saveModel(cal.model))
  o.log(`wrote ${dest}`)
  return 0
}
