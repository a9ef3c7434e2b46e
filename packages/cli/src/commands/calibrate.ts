// `pdftriage calibrate`: its help, its options and its run, which widens a letter-pair model's margin until the
// user's trusted held-out pages pass.
import { text } from './options.js'
import { common, defineCommand, load, usage } from './shared.js'

export const calibrate = defineCommand({
  name: 'calibrate',
  help: `Usage: pdftriage calibrate --model model.json [--out calibrated.json] INPUT...
       pdftriage calibrate --model model.json [--out calibrated.json] --labels labels.jsonl ROOT

Scores held-out pages you trust (.txt or .pdf, as for fit) and widens the margin just enough that they all pass,
printing each page's distance below the worst training page. Writes the model in place unless --out is given.

With --labels (lines {"file": <path under ROOT>, "page": N, "label": ..., "needs_ocr": true|false|null}, as
\`eval --labels\` reads them and the review page of \`pdftriage report\` exports them), the held-out pages are the
pages labelled readable, whatever the judges call them; the pages labelled as needing OCR are then scored against the
new threshold, each said to be under it or passing it, so you see what widening the margin let through.`,
  options: { help: common.help, config: common.config, model: common.model, out: text(), labels: text() },
  async run(o, pos, io) {
    const { model, labels } = o
    if (!model) usage('Give the model to calibrate with --model model.json')
    if (labels && pos.length !== 1) usage("Give exactly one ROOT folder that the labels' paths are relative to")
    if (!pos.length) usage('Give at least one .txt or .pdf of held-out good pages')
    const { calibrateCommand } = await load.model()
    return await calibrateCommand({
      model,
      inputs: labels ? [] : pos,
      ...(labels ? { labels: { file: labels, root: pos[0]! } } : {}),
      cwd: io.cwd,
      log: io.stdout,
      ...(o.out ? { out: o.out } : {}),
      ...(o.config ? { configFile: o.config } : {}),
    })
  },
})
