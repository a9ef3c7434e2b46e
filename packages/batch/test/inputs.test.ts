import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isTriageError } from '@pdftriage/core'
import { expandInputs } from '../src/index.js'
import { folder } from './helpers.js'

const PDF = '%PDF-1.4\n' // expandInputs lists files by name; it does not read them

test('--include and --exclude take bash globs: braces, classes, ** and ?, case-insensitive', async (t) => {
  const dir = folder(t, {
    'in/r0018.pdf': PDF,
    'in/r0019.pdf': PDF,
    'in/R0061.PDF': PDF,
    'in/sub/r0061.pdf': PDF,
    'in/sub/deep/notes.pdf': PDF,
  })
  const list = async (include: string[], exclude: string[] = []) => (await expandInputs(['in'], { include, exclude }, dir)).files
  // braces: matched against the path below the folder, or the name
  assert.deepEqual(await list(['r00{18,61}.pdf']), ['in/R0061.PDF', 'in/r0018.pdf', 'in/sub/r0061.pdf'])
  // classes and ?
  assert.deepEqual(await list(['r00[0-1]?.pdf']), ['in/r0018.pdf', 'in/r0019.pdf'])
  // ** across folders, with an exclude in braces
  assert.deepEqual(await list(['sub/**'], ['{notes,x}.pdf']), ['in/sub/r0061.pdf'])
  assert.deepEqual(await list([], ['r00{18,19}.pdf', 'sub/**']), ['in/R0061.PDF'])
  await assert.rejects(list(['']), (e) => isTriageError(e, 'USAGE'))
})
