// `pdftriage ocr IN OUT`: its help, its options and its run, which writes a searchable copy of one PDF with only the
// pages that need it OCRed; `-` reads standard input or writes standard output.
import { readPageList } from '../pages.js'
import { flag, readBy, text, value } from './options.js'
import { common, defineCommand, language, load, ocrCommandOptions, outputType, usage } from './shared.js'

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  for await (const c of process.stdin) chunks.push(c as Buffer)
  return new Uint8Array(Buffer.concat(chunks))
}

async function writeStdout(b: Uint8Array): Promise<void> {
  await new Promise<void>((ok, ko) => process.stdout.write(b, (e) => (e ? ko(e) : ok())))
}

export const ocr = defineCommand({
  name: 'ocr',
  help: `Usage: pdftriage ocr [options] IN.pdf OUT.pdf

Writes OUT.pdf, a searchable copy of IN.pdf: every page is judged, and only a page whose text layer is missing,
thin or junk is OCRed (an invisible text layer is added; the visible page is never rasterised). Unlike ocrmypdf
--skip-text, a page is not skipped because it carries a glyph: a layer of junk is OCRed, and a layer that a repair
can read (a reflected or shifted font, a false character map the repair can settle) is repaired without OCR. IN or OUT may be - for
standard input or output. OUT is written under a temporary name and renamed.

Options:
  -l, --language L     OCR languages, e.g. fra or fra+eng (default: the config's, else the engine's: fra+eng);
                       checked before IN is read: a language without its data package exits 2
  --password PW        password of an encrypted IN (over the config's \`password\`); a wrong one exits 1 naming IN.
                       The searchable copy of an encrypted IN is not written yet (decrypt it first, e.g. with
                       qpdf --decrypt --password=PW): triage and run read it with the password
  -j, --jobs N         OCR workers (default: the engine's, the cores)
  --pages LIST         only these pages may be OCRed, e.g. 1-3,7,10- (the others keep their layer)
  --sidecar FILE       also write the text (pages separated by form feeds, NFC); - for standard output
  --alto FILE          also write ALTO v4 XML of every page (words, boxes in pixels at 300 dpi, OCR confidence)
  --hocr FILE          also write hOCR (XHTML) of every page (words, boxes in pixels at 300 dpi, OCR confidence)
  --output-type pdf|pdfa
                       pdf (default): IN with its text layer; pdfa: PDF/A-2B (XMP identification, an sRGB output
                       intent, every font embedded). An IN that PDF/A cannot take (a font not embedded, JavaScript,
                       a DeviceCMYK image) exits 1 saying why: write it with --output-type pdf
  --force              OCR every page (ocrmypdf --force-ocr, without rasterising: the page's own text stays)
  --rotate-pages       turn OCRed pages that were scanned sideways or upside down upright (a /Rotate, as ocrmypdf
                       --rotate-pages; the invisible text layer turns with the page)
  --deskew             draw OCRed scans that OCR found skewed (from 1 degree, where tesseract straightens the image to
                       read it) straightened: a transform over the page content, so the images are not re-encoded
                       (ocrmypdf re-encodes them); the corners the turn moves out of the page are cut off
  --skip-text          accepted for ocrmypdf scripts: it is what pdftriage does anyway, judging each page
  --config FILE        config file (judges, repairs, OCR engine, password)
  -q, --quiet          no summary line, no progress line (drawn on a terminal: page, stage, time)
  -v, --verbose        one line per page: its layer and what was done
  -h, --help

Exit codes: 0 written (also when no page needed OCR: OUT then carries the text IN had; ocrmypdf's exit 6 for
that case is left out on purpose, as scripts then mistake a finished file for a failure); 1 the document failed;
2 usage or configuration error (an IN that does not exist included). --redo (ocrmypdf --redo-ocr) is not offered: an old OCR layer is spot-checked
against its image, and replaced in the text output when it reads badly, but not removed from the PDF.`,
  options: {
    help: common.help,
    config: common.config,
    jobs: common.jobs,
    quiet: common.quiet,
    verbose: flag('v'),
    language,
    password: text(),
    pages: value(readBy(readPageList).optional()),
    sidecar: text(),
    alto: text(),
    hocr: text(),
    'output-type': outputType,
    force: flag(),
    'skip-text': flag(),
    'rotate-pages': flag(),
    deskew: flag(),
  },
  async run(o, pos, io) {
    const { languages, pdfOptions } = await ocrCommandOptions(o, io)
    if (pos.length !== 2) usage('Give the input and the output: pdftriage ocr IN.pdf OUT.pdf (- for standard input or output)')
    if (o.force === true && o['skip-text'] === true) usage('--force and --skip-text say opposite things: give one')
    const { ocrCommand } = await load.ocr()
    return await ocrCommand({
      input: pos[0]!,
      output: pos[1]!,
      cwd: io.cwd,
      mode: o.force === true ? 'force' : 'judge',
      quiet: o.quiet === true,
      verbose: o.verbose === true,
      // the line redraws itself: a terminal only, as run's bar
      ...(o.quiet !== true && process.stderr.isTTY === true && !process.env.CI ? { progress: {} } : {}),
      log: io.stderr,
      readStdin,
      writeStdout,
      ...(languages ? { languages } : {}),
      ...(o.password !== undefined ? { password: o.password } : {}),
      ...(o.pages ? { pages: o.pages } : {}),
      ...(o.sidecar ? { sidecar: o.sidecar } : {}),
      ...(o.alto ? { alto: o.alto } : {}),
      ...(o.hocr ? { hocr: o.hocr } : {}),
      ...(pdfOptions ? { pdfOptions } : {}),
      ...(o.jobs !== undefined ? { jobs: o.jobs } : {}),
      ...(o.config ? { configFile: o.config } : {}),
    })
  },
})
