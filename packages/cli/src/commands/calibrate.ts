import { common, load, strings, usage, type Command } from './shared.js'

export const calibrate: Command = {
  name: 'calibrate',
  help: `Usage: pdftriage calibrate --model model.json [--out calibrated.json] INPUT...

Scores held-out pages you trust (.txt or .pdf, as for fit) and widens the margin just enough that they all pass,
printing each page's distance below the worst training page. Writes the model in place unless --out is given.`,
  options: { help: common.help, config: common.config, model: common.model, out: { type: 'string' } },
  async run(v, pos, io) {
    const str = strings(v)
    if (!str('model')) usage('Give the model to calibrate with --model model.json')
    if (!pos.length) usage('Give at least one .txt or .pdf of held-out good pages')
    const { calibrateCommand } = await load.model()
    return await calibrateCommand({
      model: str('model')!,
      inputs: pos,
      cwd: io.cwd,
      log: io.stdout,
      ...(str('out') ? { out: str('out')! } : {}),
      ...(str('config') ? { configFile: str('config')! } : {}),
    })
  },
}
