// `npm test`: every package's tests through Nx (node --test in each package), then one closing line that counts
// them all: "tests: N passed, N failed". Exits non-zero when Nx does.
import { spawn } from 'node:child_process'

const args = ['--no-install', 'nx', 'run-many', '-t', 'test', '--parallel=1', '--output-style=static']
const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'inherit'] })
let pass = 0
let fail = 0
let rest = ''
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk)
  const lines = (rest + chunk.toString()).split('\n')
  rest = lines.pop() ?? ''
  for (const l of lines) {
    const m = /^# (pass|fail) (\d+)$/.exec(l.trim())
    if (m) m[1] === 'pass' ? (pass += Number(m[2])) : (fail += Number(m[2]))
  }
})
child.on('close', (code) => {
  console.log(`\ntests: ${pass} passed, ${fail} failed`)
  process.exit(code ?? 1)
})
