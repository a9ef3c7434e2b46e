import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { after, test } from 'node:test'
import { languageFolder, removeLeftovers, resolveLanguages, TESSDATA_PREFIX } from '../src/language-data.js'

const tmp = mkdtempSync(join(tmpdir(), 'tessdata-test-'))
after(() => rmSync(tmp, { recursive: true, force: true }))
const langs = resolveLanguages(['fra', 'eng'], 'tesseract')

test('one language folder per language set is reused, so a killed run leaves nothing new behind', async () => {
  const dir = join(tmp, 'reuse')
  mkdirSync(dir)
  const a = await languageFolder(langs, dir)
  await a.dispose()
  const b = await languageFolder(langs, dir)
  assert.equal(b.path, a.path)
  assert.deepEqual(readdirSync(b.path).sort(), ['eng.traineddata.gz', 'fra.traineddata.gz'])
  // a process killed while it holds the folder: the next one finds the same single folder
  const url = pathToFileURL(join(import.meta.dirname, '../src/language-data.js')).href
  const code = `const m = await import(${JSON.stringify(url)}); await m.languageFolder(m.resolveLanguages(['fra','eng'],'t'), ${JSON.stringify(dir)}); process.kill(process.pid, 'SIGKILL')`
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code])
  assert.equal(r.signal, 'SIGKILL')
  assert.deepEqual(readdirSync(dir), [a.path.slice(dir.length + 1)])
})

test('a folder at the name with other links is replaced; leftovers of killed runs are removed', async () => {
  const dir = join(tmp, 'replace')
  mkdirSync(dir)
  const first = await languageFolder(langs, dir)
  rmSync(join(first.path, 'fra.traineddata.gz'))
  symlinkSync('/etc/hostname', join(first.path, 'fra.traineddata.gz'))
  const old = join(dir, `${TESSDATA_PREFIX}Ab12Cd`)
  mkdirSync(old)
  writeFileSync(join(old, 'eng.traineddata.gz'), '')
  const young = join(dir, `${TESSDATA_PREFIX}build-Zz99Yy`)
  mkdirSync(young)
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000)
  utimesSync(old, twoDaysAgo, twoDaysAgo)
  const again = await languageFolder(langs, dir)
  assert.equal(again.path, first.path)
  assert.deepEqual(readdirSync(dir).sort(), [first.path.slice(dir.length + 1), `${TESSDATA_PREFIX}build-Zz99Yy`].sort())
  // a half-built folder is left alone for a minute: it may be another run's
  assert.equal(await removeLeftovers(dir, Date.now() + 120_000), 1)
})
