// `pdftriage fit`: its help, its options and its run, which fits a letter-pair model on the user's good pages.
import { nonNegativeNumber, text, value } from './options.js'
import { common, defineCommand, load, usage } from './shared.js'

export const fit = defineCommand({
  name: 'fit',
  help: `Usage: pdftriage fit --out model.json [--margin NATS] INPUT...

INPUT is a .txt file (pages separated by form feeds) or a PDF (only the pages the configured judges call healthy
are used; each is listed). Prints the number of pages, the worst page and its score, and the threshold.`,
  options: { help: common.help, config: common.config, out: text(), margin: value(nonNegativeNumber('margin', 'nats').optional()) },
  async run(o, pos, io) {
    if (!o.out) usage('Give the model file to write with --out model.json')
    if (!pos.length) usage('Give at least one .txt or .pdf of good pages')
    const { fitCommand } = await load.model()
    return await fitCommand({
      inputs: pos,
      out: o.out,
      cwd: io.cwd,
      log: io.stdout,
      ...(o.margin === undefined ? {} : { margin: o.margin }),
      ...(o.config ? { configFile: o.config } : {}),
    })
  },
})
