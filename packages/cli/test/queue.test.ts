import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, realpathSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { TriageError } from '@pdftriage/core'
import { loadQueue } from '../src/queue-commands.js'
import { cli, folder } from './helpers.js'

// The queue itself is tested against a real Redis in @pdftriage/queue; here, the commands' usage errors, which need none.
test('queue commands: usage errors exit 2 and say what to give', async (t) => {
  const dir = folder()
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const cases: Array<[string[], RegExp]> = [
    [['run', '--queue', 'http://127.0.0.1:6379', '--out', 'out', 'in'], /Expected --queue to be redis:\/\/HOST:PORT\[\/DB\], not `http:\/\/127\.0\.0\.1:6379`/],
    [['run', '--queue', 'redis://127.0.0.1:6379', '--redo', '--out', 'out', 'in'], /--redo and --redo-failed are not supported with --queue/],
    [['worker', '--out', 'out'], /Give the queue with --queue/],
    [['worker', '--queue', 'redis://127.0.0.1:6379'], /Give the output folder with --out/],
    [['status', '--queue', 'redis://127.0.0.1:6379', '--out', 'out'], /has no queue \(queue\/name\): nothing was enqueued/],
    [['collect', '--out', 'out'], /has no queue\/ folder: nothing was enqueued/],
    [
      ['worker', '--queue', 'redis://127.0.0.1:6379', '--out', 'out', '--concurrency', '0'],
      /Expected --concurrency to be a whole number of at least 1, not `0`/,
    ],
  ]
  for (const [args, message] of cases) {
    const r = await cli(args, dir)
    assert.equal(r.code, 2, args.join(' '))
    assert.match(r.stderr.join('\n'), message, args.join(' '))
  }
  mkdirSync(join(dir, 'out', 'queue'), { recursive: true })
  const collect = await cli(['collect', '--out', 'out'], dir)
  assert.equal(collect.code, 0, 'collecting a folder with nothing planned appends nothing')
  assert.match(collect.stderr.join('\n'), /collected: 0 done, 0 failed, 0 duplicate; 0 still pending/)
})

test('queue commands: without @pdftriage/queue installed, a usage error names the package to install', async (t) => {
  // A module outside any node_modules that imports the queue package fails as a user's install without it does.
  const dir = folder({ 'imports-queue.mjs': "export * from '@pdftriage/queue'\n" })
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const missing = () => import(pathToFileURL(join(dir, 'imports-queue.mjs')).href) as Promise<typeof import('@pdftriage/queue')>
  await assert.rejects(loadQueue(missing), (e: TriageError) => {
    assert.equal(e.code, 'USAGE')
    assert.match(e.message, /need @pdftriage\/queue, which is not installed: npm install @pdftriage\/queue/)
    return true
  })
  // Any other failure of the import is left as it is.
  await assert.rejects(
    loadQueue(() => Promise.reject(new Error('boom'))),
    (e: Error) => e.message === 'boom',
  )
  assert.equal(typeof (await loadQueue()).runWorker, 'function')
})

test('pdftriage worker on a folder with no queue yet says once that it waits, and exits 0 on SIGTERM', async (t) => {
  const dir = folder()
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'bin.js')
  // Nothing listens on port 1: a waiting worker does not connect to Redis yet, so none is needed here.
  const child = spawn(process.execPath, [bin, 'worker', '--queue', 'redis://127.0.0.1:1/0', '--out', 'out'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  t.after(() => child.kill('SIGKILL'))
  const lines: string[] = []
  let rest = ''
  const waiting = new Promise<void>((res) =>
    child.stderr.on('data', (b: Buffer) => {
      const parts = (rest + b.toString()).split('\n')
      rest = parts.pop() ?? ''
      lines.push(...parts)
      if (parts.some((l) => l.startsWith('waiting for a producer'))) res()
    }),
  )
  const ended = new Promise<number | null>((res) => child.once('close', (code) => res(code)))
  await Promise.race([waiting, ended.then((code) => assert.fail(`exited ${code} instead of waiting:\n${lines.join('\n')}${rest}`))])
  child.kill('SIGTERM')
  assert.equal(await ended, 0)
  if (rest) lines.push(rest)
  assert.deepEqual(lines, [
    `waiting for a producer: ${join(realpathSync(dir), 'out')} has no queue yet (the first pdftriage run --queue with this --out makes it)`,
    'stopping',
    'worker: 0 done, 0 failed, 0 already done',
  ])
  assert.equal(existsSync(join(dir, 'out')), false, 'nothing created')
})
