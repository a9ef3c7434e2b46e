import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { once } from 'node:events'
import { test } from 'node:test'
import { DOCUMENT_PROCESS_MALLOC, forkDocumentProcess } from '../src/prestart.js'

/** The environment a running process was started with (Linux's /proc). */
const environOf = (pid: number): Map<string, string> =>
  new Map(
    readFileSync(`/proc/${pid}/environ`, 'latin1')
      .split('\0')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  )

test('a document process starts with the allocator settings, a value the user set kept', { skip: process.platform !== 'linux' && 'reads /proc' }, async () => {
  const [k0, k1] = Object.keys(DOCUMENT_PROCESS_MALLOC) as [string, string]
  const saved = process.env[k1]
  process.env[k1] = '7'
  const child = forkDocumentProcess()
  try {
    const env = environOf(child.pid!)
    assert.equal(env.get(k0), DOCUMENT_PROCESS_MALLOC[k0])
    assert.equal(env.get(k1), '7')
  } finally {
    if (saved === undefined) delete process.env[k1]
    else process.env[k1] = saved
    child.kill('SIGKILL')
    await once(child, 'exit')
  }
})
