// `npm test`: every package's build and tests through Nx (node --test in each package; cached, as parallel as
// nx.json's `parallel` allows), then one closing line that counts them all: "tests: N passed, N failed". A cached
// task replays its output, so its counts are included. Exits non-zero when Nx does.
//
// A stalled run fails instead of hanging: when Nx prints nothing for PDFTRIAGE_TEST_STALL_MINUTES (default 10; the
// longest package's tests take under a minute here, and Nx prints each task's output when the task ends), it lists
// the processes still running under it (which test file, for how long), stops them and exits 1.
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'

const stallMs = Number(process.env.PDFTRIAGE_TEST_STALL_MINUTES ?? 10) * 60_000
const args = ['--no-install', 'nx', 'run-many', '-t', 'build', 'test', '--output-style=static', ...process.argv.slice(2)]
const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] })
let pass = 0
let fail = 0
let rest = ''
let lastOutput = Date.now()
child.stderr.on('data', (chunk) => {
  lastOutput = Date.now()
  process.stderr.write(chunk)
})
child.stdout.on('data', (chunk) => {
  lastOutput = Date.now()
  process.stdout.write(chunk)
  const lines = (rest + chunk.toString()).split('\n')
  rest = lines.pop() ?? ''
  for (const l of lines) {
    // node's TAP reporter ("# pass 3", Node 20 off a terminal) or its spec reporter ("ℹ pass 3", Node 24+), maybe coloured
    const m = /^(?:#|ℹ) (pass|fail) (\d+)$/.exec(l.replace(/\x1b\[[0-9;]*m/g, '').trim())
    if (m) m[1] === 'pass' ? (pass += Number(m[2])) : (fail += Number(m[2]))
  }
})

/** This process's descendants from /proc: pid, seconds running, command line (parents before children). */
function descendants(root) {
  const procs = new Map()
  const ticks = 100 // USER_HZ on Linux
  const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0])
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').join(' ').trim()
      procs.set(Number(d), { ppid: Number(f[1]), seconds: Math.round(uptime - Number(f[19]) / ticks), cmd })
    } catch {
      // gone meanwhile
    }
  }
  const out = []
  const walk = (pid) => {
    for (const [p, v] of procs) {
      if (v.ppid !== pid) continue
      out.push({ pid: p, ...v })
      walk(p)
    }
  }
  walk(root)
  return out
}

let stalled = false
const watch = setInterval(
  () => {
    if (stalled || Date.now() - lastOutput < stallMs) return
    stalled = true
    const left = descendants(process.pid)
    console.error(`\nnpm test: no output for ${stallMs / 60_000} minutes; still running (seconds, command):`)
    for (const p of left) console.error(`  ${p.pid} ${p.seconds}s ${p.cmd.slice(0, 300)}`)
    console.error('npm test: stopping them; the run fails.')
    for (const p of left.reverse()) {
      try {
        process.kill(p.pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  },
  Math.min(15_000, stallMs / 4),
)
watch.unref()

child.on('close', (code) => {
  clearInterval(watch)
  console.log(`\ntests: ${pass} passed, ${fail} failed`)
  process.exit(stalled ? 1 : (code ?? 1))
})
