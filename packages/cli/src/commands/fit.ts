import { common, load, strings, usage, type Command } from './shared.js'

export const fit: Command = {
  name: 'fit',
  help: `Usage: pdftriage fit --out model.json [--margin NATS] INPUT...

INPUT is a .txt file (pages separated by form feeds) or a PDF (only the pages the configured judges call healthy
are used; each is listed). Prints the number of pages, the worst page and its score, and the threshold.`,
  options: { help: common.help, config: common.config, out: { type: 'string' }, margin: { type: 'string' } },
  async run(v, pos, io) {
    const str = strings(v)
    if (!str('out')) usage('Give the model file to write with --out model.json')
    if (!pos.length) usage('Give at least one .txt or .pdf of good pages')
    const margin = str('margin') === undefined ? undefined : Number(str('margin'))
    if (margin !== undefined && !(margin >= 0)) usage(`Expected --margin to be a number of nats >= 0, not \`${str('margin')}\``)
    const { fitCommand } = await load.model()
    return await fitCommand({
      inputs: pos,
      out: str('out')!,
      cwd: io.cwd,
      log: io.stdout,
      ...(margin === undefined ? {} : { margin }),
      ...(str('config') ? { configFile: str('config')! } : {}),
    })
  },
}
