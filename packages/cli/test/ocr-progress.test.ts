import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import * as fx from '@pdftriage/fixtures'
import { ocrCommand } from '../src/ocr-command.js'
import { OcrProgress } from '../src/ocr-progress.js'
import { folder } from './helpers.js'

/** A born-digital page whose screenshot the layer lacks (its regions are OCRed), then a scan (OCRed whole). */
const regionAndScan = () =>
  fx.buildPdf([
    {
      blocks: [{ text: fx.SCREENSHOT_CAPTION, top: 70 }],
      pictures: [{ text: fx.SCREENSHOT_TEXT, dpi: 200, fontSize: 12, margin: 12, box: { x: 90, y: 120, width: 400, height: 130 } }],
    },
    { scan: { text: fx.FRENCH_DECREE.slice(0, 600), dpi: 150 } },
  ])

/** `ocr` with the progress line forced on (as on a terminal): what it drew and what it logged, in order. */
async function ocrWithProgress(dir: string) {
  const seen: Array<{ drawn: string } | { logged: string }> = []
  const code = await ocrCommand({
    input: 'in.pdf',
    output: 'out.pdf',
    cwd: dir,
    configFile: 'config.json',
    mode: 'judge',
    quiet: false,
    verbose: true,
    progress: { write: (s) => seen.push({ drawn: s }), columns: () => 200 },
    log: (s) => seen.push({ logged: s }),
    readStdin: () => Promise.reject(new Error('no standard input here')),
    writeStdout: () => Promise.reject(new Error('no standard output here')),
  })
  return { code, seen }
}

test('ocr on a terminal draws which page of how many, what is done to it and the time; lines go above it; the summary counts each page once', async (t) => {
  const dir = folder({
    'in.pdf': await regionAndScan(),
    // one OCR worker (which takes two pages in flight: page 2 may be OCRed before page 1 is done)
    'config.json': JSON.stringify({ ocr: { use: 'tesseract', options: { languages: ['eng', 'fra'], workers: 1 } } }),
  })
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const { code, seen } = await ocrWithProgress(dir)
  const logged = seen.flatMap((e) => ('logged' in e ? [e.logged] : []))
  assert.equal(code, 0, logged.join('\n'))
  const lines = seen.flatMap((e) => ('drawn' in e ? [e.drawn.replace(/^\r/, '').replace(/\x1b\[K$/, '')] : [])).filter(Boolean)
  const said = lines.join('\n')
  assert.match(lines[0]!, /^\[\.{24}\] in\.pdf: opening, \d+s$/)
  assert.match(said, /^\[\.{24}\] in\.pdf: page 1\/2: OCR of regions, 0\/2 done, \d+s$/m)
  assert.match(said, /^\[[#.]{24}\] in\.pdf: page 2\/2: OCR of the page, [01]\/2 done, \d+s$/m)
  assert.match(said, /^\[#{12}\.{12}\] in\.pdf: page [12]\/2: [^,]+, 1\/2 done, \d+s$/m)
  assert.match(said, /^\[#{24}\] in\.pdf: writing out\.pdf, 2\/2 done, \d+s$/m)
  // the page lines of -v each come after the line was cleared, and the line is cleared before the summary
  const pageLine = seen.findIndex((e) => 'logged' in e && e.logged.startsWith('page 1: healthy, kept, regions OCRed'))
  assert.ok(pageLine > 0, logged.join('\n'))
  assert.deepEqual(seen[pageLine - 1], { drawn: '\r\x1b[K' })
  const last = seen.at(-1)!
  assert.ok('logged' in last && last.logged.startsWith('in.pdf: 2 page(s): '), JSON.stringify(last))
  assert.deepEqual(seen.at(-2), { drawn: '\r\x1b[K' })
  assert.match(last.logged, /^in\.pdf: 2 page\(s\): 1 OCRed whole, 1 OCRed in regions \(layer kept\); 2 with an added text layer;/)
  assert.doesNotMatch(last.logged, /no page needed OCR/)
})

test('the progress line is cut to the terminal width and cleared when done', () => {
  const drawn: string[] = []
  const p = new OcrProgress('a-rather-long-file-name.pdf', { write: (s) => drawn.push(s), columns: () => 30, intervalMs: 1 })
  p.opened(3)
  p.stage(2, 'ocr')
  assert.ok(
    drawn.every((s) => s.replace(/^\r/, '').replace(/\x1b\[K$/, '').length <= 29),
    drawn.join('|'),
  )
  assert.match(p.line(), /page 2\/3: OCR of the page, 0\/3 done/)
  p.done()
  assert.equal(drawn.at(-1), '\r\x1b[K')
})

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'bin.js')
const script = spawnSync('script', ['--version']).status === 0

test(
  'ocr draws the line when stderr is a terminal (a pseudo-terminal by script(1)), and not with -q',
  { skip: script ? false : 'needs script(1) (util-linux) for a pseudo-terminal' },
  async (t) => {
    const dir = folder({ 'in.pdf': await fx.healthyPdf('en') })
    t.after(() => rmSync(dir, { recursive: true, force: true }))
    // the line is off under CI, as run's bar: the child is told it is not
    const env = { ...process.env, CI: '' }
    const onTerminal = (args: string) =>
      spawnSync('script', ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} ocr ${args}`, '/dev/null'], { cwd: dir, env }).stdout.toString()
    const shown = onTerminal('in.pdf out.pdf')
    assert.match(shown, /\r\[#{24}\] in\.pdf: writing out\.pdf, 1\/1 done, \d+s\x1b\[K/)
    assert.match(shown, /\r\x1b\[Kin\.pdf: 1 page\(s\): 1 kept as it was \(no page needed OCR/)
    assert.equal(onTerminal('-q in.pdf quiet.pdf'), '')
  },
)
