import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { blake2b512 } from '@pdftriage/core'
import * as fx from '@pdftriage/fixtures'

/** A page row as a run writes it, with what a test does not care about filled in. */
function row(file: string, page: number, o: Record<string, unknown>) {
  return { file, page, layer: 'healthy', needsOcr: false, judge: 'gates', score: null, action: 'kept', chars: 10, notes: [], ...o }
}

const csvHeader =
  'path,hash,pages,status,text,report,pdf,producer,creator,creator_tool,pdf_type,pages_needing_ocr,pages_ocred,seconds,error_code,error_message,duplicate_of,tags,config'

/**
 * An output folder as `pdftriage run` leaves it, over PDFs generated here: a healthy page with an OCR region, a scan that was OCRed
 * (with the layer's and the OCR's texts side by side), a repaired page close to its threshold, a blank page, a page
 * whose text tries to inject markup, and a failed file. The sources sit in `in/`, the output in `out/`.
 */
export async function sampleRun(): Promise<{ root: string; inputs: string; out: string; pages: number }> {
  const root = mkdtempSync(join(tmpdir(), 'pdftriage-report-'))
  const inputs = join(root, 'in')
  const out = join(root, 'out')
  const { mkdirSync } = await import('node:fs')
  mkdirSync(inputs)
  mkdirSync(join(out, 'documents'), { recursive: true })
  const files: Record<string, Uint8Array> = {
    'healthy.pdf': await fx.healthyPdf('fr'),
    'scan.pdf': await fx.scannedPdf(fx.FRENCH_DECREE, 100),
    'reflected.pdf': await fx.reflectedPdf(),
    'blank.pdf': await fx.blankPdf(),
    'hostile.pdf': await fx.healthyPdf('en'),
    'broken.pdf': fx.notPdf(),
  }
  const hashes: Record<string, string> = {}
  for (const [name, bytes] of Object.entries(files)) {
    writeFileSync(join(inputs, name), bytes)
    hashes[name] = blake2b512(bytes)
  }
  const p = (name: string) => `in/${name}`
  const rows = [
    // A page that kept its layer and had one picture region OCRed (a box in points from the top left).
    row(p('healthy.pdf'), 1, { chars: 1546, notes: ['gates: healthy: passes every gate'], text: 'ARRÊTÉ MUNICIPAL', regions: [[72, 100, 300, 250]] }),
    row(p('scan.pdf'), 1, {
      layer: 'absent',
      needsOcr: true,
      action: 'ocr',
      chars: 900,
      ocrConfidence: 0.62,
      ocrQuality: 'poor',
      turned: 270,
      straightened: 2.5,
      notes: ['gates: absent: no text over images covering 1.00 >= 0.10'],
      text: 'ARRETE MUNlCIPAL portant',
      layerText: 'ARRÊTÉ MUNICIPAL portant',
      ocrText: 'ARRETE MUNlCIPAL portant',
    }),
    row(p('reflected.pdf'), 1, {
      layer: 'recoverable',
      action: 'repaired',
      repair: 'reflect',
      score: -2.9,
      threshold: -2.95,
      notes: ['gates: garbled: letters 0.11 < 0.25', 'reflect: method reflect', 'gates: healthy: passes every gate', 'bigram: healthy: -2.90 >= -2.95'],
      text: 'Le matin où nous quittâmes la maison',
    }),
    row(p('blank.pdf'), 1, { layer: 'blank', chars: 0, notes: ['gates: blank: no text and no image worth OCR'], text: '' }),
    row(p('hostile.pdf'), 1, {
      notes: ['gates: <img src=x onerror="window.pwned=1">'],
      text: '</script><script>window.pwned=1</script>',
    }),
  ]
  const docs = ['healthy.pdf', 'scan.pdf', 'reflected.pdf', 'blank.pdf', 'hostile.pdf']
  const lines = docs.map((n) => {
    const h = hashes[n]!
    const report = `documents/${h.slice(0, 32)}.json`
    const action = rows.find((r) => r.file === p(n))!.action
    writeFileSync(join(out, report), JSON.stringify({ pageVerdicts: [{ page: 1, ms: { render: 400, ocr: action === 'ocr' ? 1600 : 0 } }] }))
    return `${p(n)},${h},1,done,documents/${h.slice(0, 32)}.txt,${report},,,,,text,0,0,1.00,,,,,cfg`
  })
  lines.push(`${p('broken.pdf')},${hashes['broken.pdf']},,failed,,,,,,,,,,0.01,PDF_INVALID,"\`in/broken.pdf\` is not a PDF, check it",,,cfg`)
  writeFileSync(join(out, 'documents.csv'), `${csvHeader}\n${lines.join('\n')}\n`)
  writeFileSync(join(out, 'pages.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
  return { root, inputs, out, pages: rows.length }
}
