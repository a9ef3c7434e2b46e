#!/usr/bin/env node
// Documents a second of a queued run with 1 worker process vs 2 (and a local run for reference), and what each
// document costs Redis: commands, bytes in and out, memory kept (from `INFO commandstats`, `INFO stats`, `INFO memory`
// deltas around the run). Then redis-benchmark's ceiling on this machine, to say how many workers one Redis serves.
//
//   node tools/bench/queue-bench.mjs [--docs 200] [--workers 1,2] [--runs 1]
//
// Starts its own redis-server on a free loopback port (no persistence), born-digital generated documents, policy
// extract (no OCR: the queue's cost per document is the same whatever the document costs). Build first: npm run build.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { benchArgs, bin, root } from './bench-args.mjs'

const { opt } = benchArgs()
const docs = Number(opt('docs', '200'))
const workerCounts = opt('workers', '1,2').split(',').map(Number)
const runs = Number(opt('runs', '1'))
const tmp = mkdtempSync(join(tmpdir(), 'queue-bench-'))
const fx = await import(join(root, 'tools', 'fixtures', 'dist', 'src', 'index.js'))
const { runBatch } = await import(join(root, 'packages', 'batch', 'dist', 'src', 'index.js'))
const { collect, runQueued } = await import(join(root, 'packages', 'queue', 'dist', 'src', 'index.js'))

const port = await new Promise((res) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port
    s.close(() => res(p))
  })
})
const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmp], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
await new Promise((res, rej) => {
  let log = ''
  redis.stdout.on('data', (b) => (log += b) && log.includes('Ready to accept connections') && res())
  redis.once('exit', () => rej(new Error(`redis-server did not start:\n${log}`)))
})
const url = `redis://127.0.0.1:${port}/0`
const cli = (...a) => spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...a], { encoding: 'utf8' }).stdout

/** Commands by name (calls), total commands, network bytes and used memory. */
function info() {
  const cmds = {}
  for (const m of cli('info', 'commandstats').matchAll(/^cmdstat_(\w+):calls=(\d+)/gm)) cmds[m[1]] = Number(m[2])
  const num = (section, key) => Number(new RegExp(`^${key}:(\\d+)`, 'm').exec(cli('info', section))?.[1] ?? 0)
  return {
    cmds,
    total: num('stats', 'total_commands_processed'),
    inBytes: num('stats', 'total_net_input_bytes'),
    outBytes: num('stats', 'total_net_output_bytes'),
    memory: num('memory', 'used_memory'),
  }
}

try {
  const inDir = join(tmp, 'in')
  mkdirSync(inDir)
  const texts = [fx.ENGLISH_PROSE, fx.FRENCH_PROSE, fx.FRENCH_DECREE]
  for (let i = 0; i < docs; i++)
    writeFileSync(join(inDir, `doc${String(i).padStart(4, '0')}.pdf`), await fx.buildPdf([{ blocks: [{ text: `Document ${i}.\n\n${texts[i % 3]}` }] }]))
  const config = join(tmp, 'config.json')
  writeFileSync(config, JSON.stringify({ judges: ['@pdftriage/judge-gates'], repairs: [], ocr: null, postprocess: [], policy: 'extract' }))
  console.log(
    `${docs} one-page born-digital documents, policy extract; load average ${spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.trim()}`,
  )

  for (const jobs of workerCounts) {
    for (let r = 0; r < runs; r++) {
      const out = join(tmp, `local-${jobs}-${r}`)
      const s = await runBatch({ inputs: [inDir], outDir: out, configFile: config, jobs })
      console.log(`local run --jobs ${jobs}: ${(docs / s.seconds).toFixed(1)} documents/s (${s.seconds.toFixed(1)} s)`)
      rmSync(out, { recursive: true, force: true })
    }
  }

  let perDoc
  for (const n of workerCounts) {
    for (let r = 0; r < runs; r++) {
      const out = join(tmp, `queued-${n}-${r}`)
      cli('flushall')
      cli('config', 'resetstat')
      const before = info()
      let t0 = 0
      const exits = []
      const s = await runQueued({ inputs: [inDir], outDir: out, configFile: config, queue: url, scanMs: 1000 }, (e) => {
        if (e.type !== 'enqueued') return
        t0 = performance.now()
        for (let i = 0; i < n; i++) {
          const w = spawn(process.execPath, [bin, 'worker', '--queue', url, '--out', out, '--exit-when-idle'], { stdio: 'ignore' })
          exits.push(new Promise((res) => w.once('exit', res)))
        }
      })
      const seconds = (performance.now() - t0) / 1000
      await Promise.all(exits)
      const after = info()
      const cmds = Object.entries(after.cmds)
        .map(([k, v]) => [k, v - (before.cmds[k] ?? 0)])
        .filter(([k, v]) => v > 0 && k !== 'info' && k !== 'config' && k !== 'flushall')
      cmds.sort((a, b) => b[1] - a[1])
      // The bench's own INFO calls are left out of the per-document figures.
      const ops = cmds.reduce((a, [, v]) => a + v, 0)
      perDoc = {
        ops: ops / docs,
        inBytes: (after.inBytes - before.inBytes) / docs,
        outBytes: (after.outBytes - before.outBytes) / docs,
        memory: (after.memory - before.memory) / docs,
        top: cmds
          .slice(0, 8)
          .map(([k, v]) => `${k} ${(v / docs).toFixed(1)}`)
          .join(', '),
      }
      console.log(
        `queued, ${n} worker process(es): ${(s.done / seconds).toFixed(1)} documents/s (${s.done} in ${seconds.toFixed(1)} s from enqueued to indexed, workers' start-up included); ` +
          `Redis per document: ${perDoc.ops.toFixed(1)} commands, ${Math.round(perDoc.inBytes)} B in, ${Math.round(perDoc.outBytes)} B out, ${Math.round(perDoc.memory)} B kept`,
      )
      console.log(`  commands per document: ${perDoc.top}`)
      rmSync(out, { recursive: true, force: true })
    }
  }

  // The collector alone: records left by workers (the producer enqueued only), appended by one `collect`.
  {
    const out = join(tmp, 'collect-only')
    let exits = []
    await runQueued({ inputs: [inDir], outDir: out, configFile: config, queue: url, collect: false }, (e) => {
      if (e.type === 'enqueued')
        exits = [0, 1].map(
          () =>
            new Promise((res) =>
              spawn(process.execPath, [bin, 'worker', '--queue', url, '--out', out, '--exit-when-idle'], { stdio: 'ignore' }).once('exit', res),
            ),
        )
    })
    await Promise.all(exits)
    const c = await collect({ outDir: out })
    console.log(
      `collect of ${c.done} completion records into an empty index: ${(c.done / c.seconds).toFixed(0)} rows/s (${c.seconds.toFixed(2)} s; one group commit per pass)`,
    )
    rmSync(out, { recursive: true, force: true })
  }

  // The ceiling: Redis alone, 50 clients, no pipelining (BullMQ's scripts are mostly single EVALSHA round trips).
  const bench = spawnSync('redis-benchmark', ['-h', '127.0.0.1', '-p', String(port), '-q', '-n', '100000', '-c', '50', '-t', 'set,get,lpush,rpop,zadd'], {
    encoding: 'utf8',
  })
  console.log(`redis-benchmark -n 100000 -c 50:\n${bench.stdout.replace(/\r[^\n]*\r/g, '').trim()}`)
  const evalsha = spawnSync(
    'redis-benchmark',
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-q',
      '-n',
      '50000',
      '-c',
      '50',
      'eval',
      "redis.call('hset', KEYS[1], 'a', ARGV[1]); redis.call('zadd', KEYS[2], 1, ARGV[1]); return redis.call('lpush', KEYS[3], ARGV[1])",
      '3',
      'bench:h:__rand_int__',
      'bench:z',
      'bench:l',
      '__rand_int__',
    ],
    { encoding: 'utf8' },
  )
  console.log(`redis-benchmark, a 3-command Lua script (like BullMQ's): ${evalsha.stdout.replace(/\r[^\n]*\r/g, '').trim()}`)
} finally {
  redis.kill('SIGTERM')
  await new Promise((res) => redis.once('exit', res))
  rmSync(tmp, { recursive: true, force: true })
}
