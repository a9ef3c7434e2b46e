import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { parseCsv } from '@pdftriage/batch'
import { cli, folder } from './helpers.js'

/** The rows of an output folder's documents.csv by column name (a failed document has no pages.jsonl rows). */
function rows(out: string): Array<Record<string, string>> {
  const [header, ...body] = parseCsv(readFileSync(join(out, 'documents.csv'), 'utf8'))
  return body.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])))
}

const TEXT = 'The quick brown fox jumps over the lazy dog near the riverbank today.'
/** Only the user password (or the owner's) opens the fixture. */
const PASSWORD = 'user-secret'

async function lockedFolder() {
  const fx = await import('@pdftriage/fixtures')
  return folder({ 'locked.pdf': fx.userPasswordPdf(TEXT, PASSWORD) })
}

test('triage --password opens an encrypted PDF; without it or with a wrong one, the error names the file', async () => {
  const dir = await lockedFolder()
  const none = await cli(['triage', 'locked.pdf'], dir)
  assert.equal(none.code, 1)
  assert.equal(none.records[0]!.code, 'PDF_ENCRYPTED')
  assert.match(String(none.records[0]!.message), /^`locked\.pdf` is encrypted: give the password .*--password/)
  const wrong = await cli(['triage', '--password', 'nope', 'locked.pdf'], dir)
  assert.equal(wrong.code, 1)
  assert.equal(wrong.records[0]!.code, 'PDF_ENCRYPTED')
  assert.match(String(wrong.records[0]!.message), /^`locked\.pdf` is encrypted and the password given does not open it/)
  const right = await cli(['triage', '--password', PASSWORD, '--with-text', 'locked.pdf'], dir)
  assert.equal(right.code, 0, right.stderr.join('\n'))
  assert.equal(right.records[0]!.text, TEXT)
})

test('run --password writes the text of an encrypted PDF; a wrong one fails its row naming the file', async () => {
  const dir = await lockedFolder()
  const wrong = await cli(['run', '-q', '--password', 'nope', '-o', 'bad', 'locked.pdf'], dir)
  assert.equal(wrong.code, 1)
  const bad = rows(join(dir, 'bad'))[0]!
  assert.equal(bad.status, 'failed')
  assert.equal(bad.error_code, 'PDF_ENCRYPTED')
  assert.match(bad.error_message!, /`locked\.pdf` is encrypted and the password given does not open it/)
  const right = await cli(['run', '-q', '--password', PASSWORD, '-o', 'out', 'locked.pdf'], dir)
  assert.equal(right.code, 0, right.stderr.join('\n'))
  const row = rows(join(dir, 'out'))[0]!
  assert.equal(row.status, 'done')
  assert.equal(readFileSync(join(dir, 'out', row.text!), 'utf8').trim(), TEXT)
  // a password is not put in a queue's job data
  const queued = await cli(['run', '--queue', 'redis://127.0.0.1:1', '--password', PASSWORD, '-o', 'q', 'locked.pdf'], dir)
  assert.equal(queued.code, 2)
  assert.match(queued.stderr.join('\n'), /--password is not carried to queue workers/)
})

test('ocr --password: a wrong one exits 1 naming the file', async () => {
  const dir = await lockedFolder()
  const wrong = await cli(['ocr', '-q', '--password', 'nope', 'locked.pdf', 'out.pdf'], dir)
  assert.equal(wrong.code, 1)
  assert.deepEqual(wrong.stderr, [
    'pdftriage: `locked.pdf` is encrypted and the password given does not open it. Check the password (`password` in the config, or --password)',
  ])
})
