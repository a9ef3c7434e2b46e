#!/usr/bin/env node
// Runs a command and samples the resident memory of its whole process tree (it and every descendant, from /proc)
// every 50 ms; kills the tree's root when it passes LIMIT_MB or TIMEOUT_S. Prints one JSON line: exit code or
// signal, why it was killed (MEM, TIME or nothing), seconds, peak MB of the tree, the ends of stdout and stderr.
// Linux only.
//
//   node tools/bench/tree-peak.mjs LIMIT_MB TIMEOUT_S COMMAND ARGS...
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
const [lim, to, ...cmd] = process.argv.slice(2)
const t0 = Date.now()
const c = spawn(cmd[0], cmd.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] })
let out = '',
  err = ''
c.stdout.on('data', (d) => (out += d))
c.stderr.on('data', (d) => (err += d))
const tree = (pid) => {
  const kids = []
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue
    try {
      const s = readFileSync(`/proc/${p}/stat`, 'utf8')
      const pp = Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[1])
      if (pp === pid) kids.push(Number(p))
    } catch {
      /* the process ended meanwhile */
    }
  }
  return [pid, ...kids.flatMap(tree)]
}
const rss = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024
  } catch {
    return 0
  }
}
let peak = 0,
  why = ''
const iv = setInterval(() => {
  const m = tree(c.pid).reduce((a, p) => a + rss(p), 0)
  peak = Math.max(peak, m)
  if (m > Number(lim)) {
    why = 'MEM'
    c.kill('SIGKILL')
  }
  if (Date.now() - t0 > Number(to) * 1000) {
    why = 'TIME'
    c.kill('SIGKILL')
  }
}, 50)
c.on('exit', (code, sig) => {
  clearInterval(iv)
  console.log(JSON.stringify({ code, sig, why, s: (Date.now() - t0) / 1000, peakMB: Math.round(peak), out: out.slice(-600), err: err.slice(-600) }))
})
