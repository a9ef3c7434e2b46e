import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestContext } from 'node:test'

/** Whether a `redis-server` can be started here; the message says why not. */
export function redisAvailable(): { ok: true } | { ok: false; why: string } {
  const r = spawnSync('redis-server', ['--version'], { encoding: 'utf8' })
  if (r.error) return { ok: false, why: `no redis-server on PATH (${(r.error as NodeJS.ErrnoException).code}): apt-get install -y redis-server (.ci/run does)` }
  return { ok: true }
}

/** A free TCP port on the loopback interface (the kernel picks it; closed again before Redis binds it). */
async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer()
    s.once('error', rej)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => res(port))
    })
  })
}

/**
 * Starts a redis-server owned by the test `t` on a free loopback port (or `onPort`, to restart one), without persistence, in its own temporary
 * folder; resolves with its URL once it accepts connections, and stops it (and removes the folder) when `t` ends.
 */
export async function startRedis(t: TestContext, onPort?: number): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'pdftriage-redis-'))
  const port = onPort ?? (await freePort())
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((res) => child.once('exit', () => res()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  t.after(stop)
  await new Promise<void>((res, rej) => {
    let log = ''
    child.stdout.on('data', (b: Buffer) => {
      log += b.toString()
      if (log.includes('Ready to accept connections')) res()
    })
    child.once('exit', (code) => rej(new Error(`redis-server exited (${code}) before it was ready:\n${log}`)))
  })
  return { url: `redis://127.0.0.1:${port}/0`, port, stop }
}
