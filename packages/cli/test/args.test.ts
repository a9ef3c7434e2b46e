import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { cli, folder } from './helpers.js'

test('an unknown option is answered in one line with the nearest option of the command, not Node parser text', async () => {
  const dir = folder()
  const cases: Array<[string[], string]> = [
    [
      ['ocr', '--langauge', 'fra', 'a.pdf', 'b.pdf'],
      'pdftriage: Unknown option `--langauge` for pdftriage ocr: did you mean --language? See pdftriage ocr --help',
    ],
    [
      ['run', '--redo-faild', '-o', 'out', 'in'],
      'pdftriage: Unknown option `--redo-faild` for pdftriage run: did you mean --redo-failed? See pdftriage run --help',
    ],
    [['run', '--includ=*.pdf', '-o', 'out', 'in'], 'pdftriage: Unknown option `--includ` for pdftriage run: did you mean --include? See pdftriage run --help'],
    // nothing near: no guess
    [['ocr', '--clean', 'a.pdf', 'b.pdf'], 'pdftriage: Unknown option `--clean` for pdftriage ocr. See pdftriage ocr --help'],
    [
      ['ocr', '--rotate-page', 'a.pdf', 'b.pdf'],
      'pdftriage: Unknown option `--rotate-page` for pdftriage ocr: did you mean --rotate-pages? See pdftriage ocr --help',
    ],
    [['run', '--deskw', '--pdf', '-o', 'out', 'in'], 'pdftriage: Unknown option `--deskw` for pdftriage run: did you mean --deskew? See pdftriage run --help'],
    [
      ['run', '--deskew', '-o', 'out', 'in'],
      'pdftriage: --rotate-pages and --deskew turn the pages of the searchable PDF: give --pdf too. See pdftriage run --help',
    ],
    [['ocr', '-z', 'a.pdf', 'b.pdf'], 'pdftriage: Unknown option `-z` for pdftriage ocr. See pdftriage ocr --help'],
    [['run', '-o'], 'pdftriage: --out needs a value. See pdftriage run --help'],
    [['run', '--pdf=yes', '-o', 'out', 'in'], 'pdftriage: --pdf takes no value. See pdftriage run --help'],
  ]
  for (const [args, line] of cases) {
    const r = await cli(args, dir)
    assert.equal(r.code, 2, args.join(' '))
    assert.deepEqual(r.stderr, [line])
  }
  const cmd = await cli(['trage', 'x.pdf'], dir)
  assert.equal(cmd.code, 2)
  assert.match(cmd.stderr[0]!, /^pdftriage: Unknown command `trage`: did you mean triage\? Commands: /)
  // names every object has are no commands
  const inherited = await cli(['constructor'], dir)
  assert.equal(inherited.code, 2)
  assert.match(inherited.stderr[0]!, /^pdftriage: Unknown command `constructor`/)
  const help = await cli(['help', 'toString'], dir)
  assert.equal(help.code, 0)
  assert.match(help.stdout[0]!, /^pdftriage \S+: is each PDF page's text layer worth reading/)
})

test('an output path under a file is a usage error naming the path and the file, before any work', async () => {
  const fx = await import('@pdftriage/fixtures')
  const dir = folder({ afile: 'not a folder', 'in.pdf': await fx.healthyPdf('en') })
  const cases: Array<[string[], string]> = [
    [['ocr', '-q', 'in.pdf', 'afile/out.pdf'], 'pdftriage: OUT `afile/out.pdf` is under `afile`, which is a file, not a folder: give a path in a folder'],
    [
      ['ocr', '-q', '--sidecar', 'afile/d/out.txt', 'in.pdf', 'out.pdf'],
      'pdftriage: --sidecar `afile/d/out.txt` is under `afile`, which is a file, not a folder: give a path in a folder',
    ],
    [['run', '-q', '-o', 'afile/out', 'in.pdf'], 'pdftriage: --out `afile/out` is under `afile`, which is a file, not a folder: give a path in a folder'],
  ]
  for (const [args, line] of cases) {
    const r = await cli(args, dir)
    assert.equal(r.code, 2, args.join(' '))
    assert.deepEqual(r.stderr, [line])
  }
  assert.equal(existsSync(join(dir, 'out.pdf')), false, 'ocr stopped before writing OUT')
})
