import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { isTriageError } from '../src/errors.js'
import { insideOutput } from '../src/output-path.js'

const root = mkdtempSync(join(tmpdir(), 'pdftriage-inside-'))
after(() => rmSync(root, { recursive: true, force: true }))
const out = join(root, 'out')
mkdirSync(join(out, 'text', 'real'), { recursive: true })
mkdirSync(join(root, 'elsewhere'))
symlinkSync(join(root, 'elsewhere'), join(out, 'away'))
// a link leading back inside is refused as well: the batch writes only into folders it made
symlinkSync(join(out, 'text', 'real'), join(out, 'text', 'back'))
writeFileSync(join(out, 'file.txt'), 'x')
symlinkSync(join(out, 'file.txt'), join(out, 'linked.txt'))
const refused = (why: RegExp) => (e: unknown) => isTriageError(e, 'OUTPUT_PATH_INVALID') && why.test(e.message)

test('a path inside the output folder through real folders is its full path, made or not yet', () => {
  assert.equal(insideOutput(out, 'text/real/a.txt'), join(out, 'text', 'real', 'a.txt'))
  assert.equal(insideOutput(out, 'new/deeper/a.txt'), join(out, 'new', 'deeper', 'a.txt'))
  assert.equal(insideOutput(out, join(out, 'text', 'b.txt')), join(out, 'text', 'b.txt'))
})

test('a path that leaves the output folder is refused, by .. or absolute', () => {
  assert.throws(() => insideOutput(out, '../x.txt'), refused(/^Refusing to write \.\.\/x\.txt: it leaves the output folder/))
  assert.throws(() => insideOutput(out, 'text/../../x.txt'), refused(/leaves the output folder/))
  assert.throws(() => insideOutput(out, join(root, 'elsewhere', 'x.txt')), refused(/leaves the output folder/))
})

test('a symbolic link on the way is refused, leading outside or back inside; the last name only when asked', () => {
  assert.throws(() => insideOutput(out, 'away/x.txt'), refused(/^Refusing to write away\/x\.txt: away is a symbolic link/))
  assert.throws(() => insideOutput(out, 'text/back/deeper/x.txt'), refused(/Refusing to write text\/back\/deeper\/x\.txt: text\/back is a symbolic link/))
  // the file itself: a rename replaces a link rather than following it, so only a caller that removes the name asks
  assert.equal(insideOutput(out, 'linked.txt'), join(out, 'linked.txt'))
  assert.throws(() => insideOutput(out, 'linked.txt', { last: true }), refused(/linked\.txt is a symbolic link/))
  assert.throws(() => insideOutput(out, 'away', { last: true }), refused(/away is a symbolic link/))
})

test('names are given to fs as the caller says', () => {
  const seen: string[] = []
  insideOutput(out, 'text/real/a.txt', { fsPath: (p) => (seen.push(p), p) })
  assert.deepEqual(seen, [join(out, 'text'), join(out, 'text', 'real')])
})
