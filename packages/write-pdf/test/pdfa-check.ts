// The PDF/A-2B requirement checker (in @pdftriage/fixtures, shared with the web page's test), as a command:
// `node dist/test/pdfa-check.js FILE...` prints each file's failures (exit 1 when any).
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { checkPdfA } from '@pdftriage/fixtures'

export { checkPdfA, xmpProperty, type PdfACheck } from '@pdftriage/fixtures'

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let bad = 0
  for (const f of process.argv.slice(2)) {
    const r = await checkPdfA(new Uint8Array(readFileSync(f)))
    console.log(
      `${f}: ${r.failures.length ? `${r.failures.length} failed` : 'every check passed'}; fonts ${r.fonts.map((x) => `${x.name}${x.embedded ? '' : ' (not embedded)'}`).join(', ') || 'none'}`,
    )
    for (const x of r.failures) console.log(`  - ${x}`)
    if (r.failures.length) bad++
  }
  process.exitCode = bad ? 1 : 0
}
