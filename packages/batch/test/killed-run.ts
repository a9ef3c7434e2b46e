// A batch that kills itself with SIGKILL at a chosen moment, for the resume test: after `docs` documents are in the
// index, as soon as the next document has `pages` pages done. Arguments: cwd, docs, pages.
import { runBatch } from '../src/index.js'

const [cwd, docs, pages] = process.argv.slice(2)
let done = 0
let seen = 0
await runBatch({ inputs: ['in'], outDir: 'out', cwd: cwd!, configFile: 'config.json', jobs: 1 }, (e) => {
  if (e.type === 'document-done') {
    done++
    seen = 0
  } else if (e.type === 'page-done' && done >= Number(docs) && ++seen >= Number(pages)) process.kill(process.pid, 'SIGKILL')
})
