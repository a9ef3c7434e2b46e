import assert from 'node:assert/strict'
import { test } from 'node:test'
import { deflateSync, gzipSync } from 'node:zlib'
import pdfjsExtractor from '../src/index.js'
import { inflateOnThisThread } from '../src/sync-inflate.js'
import { handPdf } from './hand-pdf.js'

inflateOnThisThread()

async function inflate(format: 'deflate' | 'gzip', bytes: Uint8Array, pieces = 1): Promise<Buffer> {
  const { readable, writable } = new DecompressionStream(format)
  const writer = writable.getWriter()
  const step = Math.ceil(bytes.length / pieces)
  void (async () => {
    for (let i = 0; i < bytes.length; i += step) await writer.write(bytes.subarray(i, i + step))
    await writer.close()
  })().catch(() => undefined)
  const out: Uint8Array[] = []
  for await (const chunk of readable) out.push(chunk)
  return Buffer.concat(out)
}

const text = Buffer.from('BT /F1 12 Tf 72 700 Td (inflated on this thread) Tj ET '.repeat(50))

test('deflate is inflated on this thread, whole or written in pieces; other formats are Node’s', async () => {
  assert.equal((globalThis.DecompressionStream as unknown as { onThisThread?: boolean }).onThisThread, true)
  assert.deepEqual(await inflate('deflate', deflateSync(text)), text)
  assert.deepEqual(await inflate('deflate', deflateSync(text), 7), text)
  assert.deepEqual(await inflate('gzip', gzipSync(text)), text)
})

test('input that does not inflate completely errors the stream, as Node’s own does', async () => {
  const whole = deflateSync(text)
  await assert.rejects(inflate('deflate', whole.subarray(0, whole.length - 9)))
  await assert.rejects(inflate('deflate', Buffer.from('not deflate at all')))
})

test('a truncated Flate content stream still gives pdf.js its text (its own inflater takes over)', async () => {
  const body = 'BT /F1 24 Tf 72 700 Td (Truncated stream) Tj ET\n'.repeat(20)
  const z = deflateSync(Buffer.from(body)).subarray(0, -6) // the checksum and the last block's end cut off
  const pdf = handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${z.length} /Filter /FlateDecode >>\nstream\n${z.toString('latin1')}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ])
  const extractor = await pdfjsExtractor.create(pdfjsExtractor.optionsSchema.parse({}), { baseDir: '.' })
  await using doc = await extractor.open(pdf, { file: 't.pdf' })
  assert.match((await doc.getPageText(1)).text, /Truncated stream/)
})
