#!/usr/bin/env node
// Restarts Redis (empty) under a queue worker after its 5th document, as the queue test "Redis restarted empty
// mid-run" does, in fresh processes one after another, and counts the runs whose worker never returned (each run is
// given --limit seconds) and those whose worker had to drop connections BullMQ could not close. A worker closed while
// one of its connections waited to reconnect never returned before the fix: 1 run in 12 here, and a CI run stalled.
//
//   node tools/bench/queue-restart.mjs [--runs 30] [--limit 40] [--queue-dist DIR]   (build first; needs redis-server)
//
// --queue-dist points at another build of @pdftriage/queue (its dist folder) to compare two versions.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { benchArgs, root } from './bench-args.mjs'

const { opt } = benchArgs()
const dist = opt('queue-dist', join(root, 'packages', 'queue', 'dist'))

/** A free loopback port (the kernel picks it). */
const freePort = () =>
  new Promise((res, rej) => {
    const s = createServer()
    s.once('error', rej)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => res(port))
    })
  })

if (process.argv[2] === '--one') {
  const { runQueued, runWorker } = await import(pathToFileURL(join(process.argv[3], 'src', 'index.js')).href)
  const fx = await import('@pdftriage/fixtures')
  const dir = mkdtempSync(join(tmpdir(), 'queue-restart-'))
  const port = await freePort()
  const start = () =>
    new Promise((res, rej) => {
      const c = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
        stdio: ['ignore', 'pipe', 'ignore'],
      })
      c.once('error', rej)
      c.stdout.on('data', (b) => String(b).includes('Ready to accept') && res(c))
    })
  let srv = await start()
  try {
    mkdirSync(join(dir, 'in'))
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ judges: ['@pdftriage/judge-gates'], repairs: [], ocr: null, postprocess: [], policy: 'extract' }))
    const texts = [fx.ENGLISH_PROSE, fx.FRENCH_PROSE, fx.FRENCH_DECREE]
    for (let i = 0; i < 60; i++) writeFileSync(join(dir, 'in', `d${i}.pdf`), await fx.buildPdf([{ blocks: [{ text: `Document ${i}.\n\n${texts[i % 3]}` }] }]))
    const url = `redis://127.0.0.1:${port}/0`
    await runQueued({ inputs: ['in'], outDir: 'out', cwd: dir, configFile: 'config.json', queue: url, collect: false })
    let done = 0
    let dropped = false
    let restarted
    const t0 = Date.now()
    await runWorker({ queue: url, outDir: 'out', cwd: dir, exitWhenIdle: true, idleCheckMs: 200 }, (e) => {
      if (e.type === 'notice' && /dropped/.test(e.message)) dropped = true
      if (e.type === 'job-done' && ++done === 5)
        restarted = new Promise((r) => {
          srv.once('exit', r)
          srv.kill('SIGTERM')
        })
          .then(start)
          .then((c) => (srv = c))
    })
    await restarted
    console.log(JSON.stringify({ dropped, ms: Date.now() - t0 }))
  } finally {
    srv.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  }
} else {
  const runs = Number(opt('runs', '30'))
  const limit = Number(opt('limit', '40'))
  let hung = 0
  let dropped = 0
  const t0 = Date.now()
  for (let i = 0; i < runs; i++) {
    // Its own process group, so that a run that never returns is killed with its redis-server.
    const r = await new Promise((res) => {
      const c = spawn(process.execPath, [import.meta.filename, '--one', dist], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] })
      let out = ''
      c.stdout.on('data', (b) => (out += b))
      const timer = setTimeout(() => process.kill(-c.pid, 'SIGKILL'), limit * 1000)
      c.once('close', (code) => {
        clearTimeout(timer)
        res(code === 0 ? JSON.parse(out.trim().split('\n').pop()) : null)
      })
    })
    if (!r) hung++
    else if (r.dropped) dropped++
  }
  console.log(
    `${runs} runs on node ${process.version}: ${hung} never returned within ${limit} s, ${dropped} dropped connections (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  )
}
