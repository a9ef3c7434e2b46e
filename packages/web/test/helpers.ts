// A static server for the built page and the browser the tests drive.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** packages/web/dist: the page `npm run build` writes (this file runs from dist/test). */
export const pageDir = join(dirname(fileURLToPath(import.meta.url)), '..')
export const repoRoot = join(pageDir, '..', '..', '..')

/** The browser the test drives: Debian's chromium where it is installed, or the one PDFTRIAGE_CHROMIUM names. */
export function findChromium(): string | undefined {
  const candidates = [process.env.PDFTRIAGE_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
  return candidates.find((c): c is string => !!c && existsSync(c))
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.gz': 'application/gzip',
}

/** Serves `root` on a loopback port as a plain static server would (no compression, no rewriting), listing the paths asked for. */
export async function serve(root: string): Promise<{ origin: string; server: Server; paths: string[] }> {
  const paths: string[] = []
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    paths.push(path)
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path))
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, paths }
}

/**
 * Chromium's arguments that resolve no host name but loopback: whatever the page might ask of another origin cannot
 * leave the machine (Chromium's own services, updates and accounts, cannot either, and are not the page's).
 */
export const offlineArgs = ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']
