// Builds the page into dist/: index.html, its scripts (the page's and the pipeline's worker), and the files the
// pipeline loads at run time, copied from their npm packages under fixed names so that the page serves them itself:
// tesseract.js's worker and WebAssembly core and the language data (tesseract/), the hunspell dictionaries of the
// post-pass (dictionaries/), pdf.js's fonts, CMaps and image decoders (pdfjs/). Paths are relative: dist/ can be
// served from any folder. The build fails when a pdftriage package imports a `node:` module on the browser path.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { builtinModules, createRequire } from 'node:module'
import { dirname, join, sep } from 'node:path'
import { defineConfig } from 'vite'

const require = createRequire(import.meta.url)
/** A package's folder: from its package.json, or its main entry where its exports hide package.json (dictionary-*). */
function pkgDir(name) {
  try {
    return dirname(require.resolve(`${name}/package.json`))
  } catch {
    return dirname(require.resolve(name))
  }
}
const tesseractJs = pkgDir('tesseract.js')
const pdfjs = dirname(createRequire(join(pkgDir('@pdftriage/extract-unpdf'), 'package.json')).resolve('pdfjs-dist/package.json'))

/** Every file of a folder, recursively, as [path inside the folder, absolute path]. */
function walk(dir, base = dir) {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n)
    return statSync(p).isDirectory()
      ? walk(p, base)
      : [
          [
            p
              .slice(base.length + 1)
              .split(sep)
              .join('/'),
            p,
          ],
        ]
  })
}

/** [name in dist, source] of every copied file. */
const copies = [
  ['tesseract/worker.min.js', join(tesseractJs, 'dist', 'worker.min.js')],
  // SIMD without relaxed SIMD: the build Node 20 runs, so that OCR reads the same in the page and in the CLI
  ['tesseract/tesseract-core-simd-lstm.wasm.js', join(dirname(require.resolve('tesseract.js-core/package.json')), 'tesseract-core-simd-lstm.wasm.js')],
  ...['fra', 'eng'].map((l) => [`tesseract/${l}.traineddata.gz`, join(pkgDir(`@tesseract.js-data/${l}`), '4.0.0_best_int', `${l}.traineddata.gz`)]),
  ...[
    ['fra', 'dictionary-fr'],
    ['eng', 'dictionary-en'],
  ].flatMap(([l, p]) => ['aff', 'dic'].map((x) => [`dictionaries/${l}.${x}`, join(pkgDir(p), `index.${x}`)])),
  ...['standard_fonts', 'cmaps', 'wasm'].flatMap((d) =>
    walk(join(pdfjs, d))
      .filter(([n]) => !n.startsWith('LICENSE'))
      .map(([n, p]) => [`pdfjs/${d}/${n}`, p]),
  ),
]

/** Emits the copied files into the bundle under their fixed names. */
const runtimeFiles = () => ({
  name: 'pdftriage-runtime-files',
  apply: 'build',
  generateBundle() {
    for (const [fileName, from] of copies) this.emitFile({ type: 'asset', fileName, source: readFileSync(from) })
  },
})

const builtins = new Set(builtinModules)
/** Fails the build when a module of this repository (not a third-party dependency) imports a Node built-in. */
const noNodeImports = () => ({
  name: 'pdftriage-no-node-imports',
  enforce: 'pre',
  resolveId(id, importer) {
    if (!importer || importer.includes(`${sep}node_modules${sep}`)) return null
    if (id.startsWith('node:') || builtins.has(id)) this.error(`${importer} imports ${id}: a module on the browser path must not import Node's modules`)
    return null
  },
})

export default defineConfig({
  base: './',
  // `browser` first: packages with a browser build (core, the plugins, pdftriage, the extractor) resolve to it.
  resolve: { conditions: ['browser', 'module', 'import', 'default'] },
  plugins: [noNodeImports(), runtimeFiles()],
  worker: { format: 'es', plugins: () => [noNodeImports()] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // the pipeline's worker is one chunk of about 2 MB (pdf.js, zod, pdf-lib, tesseract.js's client): loaded once, off the page's thread
    chunkSizeWarningLimit: 4096,
    reportCompressedSize: false,
  },
})
