// `npm test`: every package's build and tests through Nx (node --test in each package; cached, as parallel as
// nx.json's `parallel` allows), then one closing line that counts them all: "tests: N passed, N failed". A cached
// task replays its output, so its counts are included. Exits non-zero when Nx does.
import { spawn } from 'node:child_process'

const args = ['--no-install', 'nx', 'run-many', '-t', 'build', 'test', '--output-style=static', ...process.argv.slice(2)]
const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'inherit'] })
let pass = 0
let fail = 0
let rest = ''
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk)
  const lines = (rest + chunk.toString()).split('\n')
  rest = lines.pop() ?? ''
  for (const l of lines) {
    // node's TAP reporter ("# pass 3", Node 20 off a terminal) or its spec reporter ("ℹ pass 3", Node 24+), maybe coloured
    const m = /^(?:#|ℹ) (pass|fail) (\d+)$/.exec(l.replace(/\x1b\[[0-9;]*m/g, '').trim())
    if (m) m[1] === 'pass' ? (pass += Number(m[2])) : (fail += Number(m[2]))
  }
})
child.on('close', (code) => {
  console.log(`\ntests: ${pass} passed, ${fail} failed`)
  process.exit(code ?? 1)
})
