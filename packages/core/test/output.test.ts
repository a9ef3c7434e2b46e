import assert from 'node:assert/strict'
import { lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'

// Imported by the package's own name, as api.test.ts does: what is tested is what the `exports` map gives.
const load = (specifier: string): Promise<Record<string, unknown>> => import(specifier) as Promise<Record<string, unknown>>
type WriteAtomic = (path: string, data: string | Uint8Array, o?: { makeFolder?: boolean; mapError?: (e: unknown, path: string) => unknown }) => Promise<void>

test('the API of @pdftriage/core/output', async () => {
  assert.deepEqual(Object.keys(await load('@pdftriage/core/output')).sort(), [
    'ATOMIC_TEMP_NAME',
    'DOCUMENT_COLUMNS',
    'insideOutput',
    'removeAtomicTemps',
    'writeAtomic',
  ])
})

test('writeAtomic makes the folder, writes the data, replaces a link at the name, and leaves no temporary file', async (t) => {
  const { writeAtomic } = (await load('@pdftriage/core/output')) as { writeAtomic: WriteAtomic }
  const dir = mkdtempSync(join(tmpdir(), 'write-atomic-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'a', 'b', 'out.txt')
  await writeAtomic(path, 'première\n')
  assert.equal(readFileSync(path, 'utf8'), 'première\n')
  await writeAtomic(path, new Uint8Array([1, 2, 3]))
  assert.deepEqual([...readFileSync(path)], [1, 2, 3])
  // A link at the final name is replaced, the file it points to left alone.
  const target = join(dir, 'target.txt')
  writeFileSync(target, 'kept')
  const link = join(dir, 'a', 'link.txt')
  symlinkSync(target, link)
  await writeAtomic(link, 'new')
  assert.equal(lstatSync(link).isSymbolicLink(), false)
  assert.equal(readFileSync(link, 'utf8'), 'new')
  assert.equal(readFileSync(target, 'utf8'), 'kept')
  assert.deepEqual(readdirSync(join(dir, 'a', 'b')), ['out.txt'])
})

test('writeAtomic without makeFolder fails on a missing folder with the error the caller maps', async () => {
  const { writeAtomic } = (await load('@pdftriage/core/output')) as { writeAtomic: WriteAtomic }
  const path = join(mkdtempSync(join(tmpdir(), 'write-atomic-')), 'missing', 'out.pdf')
  await assert.rejects(writeAtomic(path, 'x', { makeFolder: false }), (e: NodeJS.ErrnoException) => e.code === 'ENOENT')
  await assert.rejects(writeAtomic(path, 'x', { makeFolder: false, mapError: (e, p) => new Error(`mapped ${p}: ${(e as NodeJS.ErrnoException).code}`) }), {
    message: `mapped ${path}: ENOENT`,
  })
})
