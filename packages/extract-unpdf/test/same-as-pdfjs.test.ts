import assert from 'node:assert/strict'
import { test } from 'node:test'
import unpdfExtractor, { createUnpdfExtractor, unpdfExtractorOptionsSchema } from '../src/node.js'
import { comparable, fixtureDocs, pdfjsBaseline, readAll } from './helpers.js'

const unpdf = () => unpdfExtractor.create(unpdfExtractor.optionsSchema.parse({}), { baseDir: '.' })

test('node entry: the same pages, fonts, coverage, info and renders as extract-pdfjs on the fixtures', async () => {
  const base = await pdfjsBaseline()
  const ex = await unpdf()
  assert.equal(ex.name, 'unpdf')
  for (const [label, bytes] of await fixtureDocs()) {
    const a = await readAll(base, bytes, 50)
    const b = await readAll(ex, bytes, 50)
    assert.deepEqual(comparable(b.pages), comparable(a.pages), label)
    assert.deepEqual(b.info, a.info, label)
    assert.equal(b.renders.length, a.renders.length)
    for (let i = 0; i < a.renders.length; i++) {
      assert.deepEqual([b.renders[i]!.width, b.renders[i]!.height], [a.renders[i]!.width, a.renders[i]!.height], label)
      assert.ok(Buffer.from(b.renders[i]!.data).equals(Buffer.from(a.renders[i]!.data)), `${label}: page ${i + 1} renders the same pixels`)
    }
  }
})

test('node entry: pdf.js is the one unpdf resolves, pdfjs-dist 5.6.205 (not its own 5.4 bundle)', async () => {
  const [, bytes] = (await fixtureDocs())[0]!
  await readAll(await unpdf(), bytes)
  const { getResolvedPDFJS } = await import('unpdf')
  assert.equal(((await getResolvedPDFJS()) as { version: string }).version, '5.6.205')
})

test('node entry: an injected canvas is used for renders', async () => {
  const { createCanvas } = await import('@napi-rs/canvas')
  const sizes: Array<[number, number]> = []
  const ex = createUnpdfExtractor(unpdfExtractorOptionsSchema.parse({}), {
    createCanvas: (w, h) => {
      sizes.push([w, h])
      return createCanvas(w, h)
    },
  })
  const [, bytes] = (await fixtureDocs())[0]!
  const { renders } = await readAll(ex, bytes, 36)
  assert.deepEqual(sizes, [[renders[0]!.width, renders[0]!.height]])
  assert.ok(
    renders[0]!.data.some((v) => v < 128),
    'the render has ink',
  )
})
