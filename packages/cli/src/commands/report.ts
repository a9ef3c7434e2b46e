// `pdftriage report`: its help, its options and its run, which writes the review page of a run's output folder.
import { flag } from './options.js'
import { common, defineCommand, load, usage } from './shared.js'

export const report = defineCommand({
  name: 'report',
  help: `Usage: pdftriage report [--config FILE] [--no-images] OUT_DIR

Writes OUT_DIR/report.html, a static review page opened from disk with no server: a summary (documents, pages by
action and layer, OCR seconds spent and saved, failures), one row per page with its thumbnail, verdict, judge and
score against threshold, pages most worth a look first (failures, poor OCR, judges that disagree, scores close to a
threshold, repairs), filters by action, layer and document, and a detail view with the page larger, its notes and the
text kept (the layer's and the OCR's side by side, differences marked, when both were kept). Pictures and page texts
go to OUT_DIR/report/. Run it from the folder the run was started from: the input paths in documents.csv are
relative to it (pages whose source is missing or changed have no picture).

Options:
  --config FILE        config file (the extractor renders the pictures; its password opens encrypted inputs)
  --no-images          no page pictures (fast)
  -h, --help`,
  options: { help: common.help, config: common.config, 'no-images': flag() },
  async run(o, pos, io) {
    if (pos.length !== 1) usage('Give exactly one output folder, written by pdftriage run. See pdftriage report --help')
    const { reportCommand } = await load.report()
    return await reportCommand({
      out: pos[0]!,
      cwd: io.cwd,
      images: o['no-images'] !== true,
      log: io.stderr,
      ...(o.config ? { configFile: o.config } : {}),
    })
  },
})
