// The tesseract engine's options, one zod schema (languages, resolution, workers, timeouts, deskew, language pick,
// browser assets), with the measured defaults beside them.
import { DEFAULT_OCR_DPI, languageCodeSchema, MAX_STRETCH } from '@pdftriage/core'
import { z } from 'zod'
import { defaultWorkers } from '#platform'

/**
 * Default of `deskewMinDegrees`. On the development corpus's pages with a poor OCR layer (tools/bench/bad-ocr.mjs),
 * pages skewed 0.2-2.2 degrees read as well level as straightened, pages skewed 5-7.5 degrees only straightened.
 */
export const DESKEW_MIN_DEGREES = 1
/**
 * Default of `deskewMinGain`: the profile's score at the skew found over its score level. On the development corpus's
 * scans (121 first pages labelled absent, sparse or with an OCR layer, rendered at 150 dpi), pages whose text runs 1
 * degree or more askew gain 1.31-2.60; a page of pictures (stamps and logos) found 10.5 degrees at a gain of 1.08, a
 * map 1.7 degrees at 1.03, and straightened, the stamps' words were no longer read.
 */
export const DESKEW_MIN_GAIN = 1.2

/**
 * Default of `languagePickBelow`. Tesseract's length-weighted mean word confidence on the development corpus's French
 * scans labelled absent or sparse, rendered at 300 dpi: read with `eng` alone 0.75-0.90 (12 pages), with `fra` or
 * `fra+eng` 0.83-0.93 (8 of them). A wrong language costs a few hundredths of confidence, not a fall under core's poor
 * bar (0.7), so the look starts higher; it is paid once a document.
 */
export const LANGUAGE_PICK_BELOW = 0.9
/**
 * Default of `languagePickMargin`: how much better (mean confidence) another set must read the sample, and then the
 * page, than the set asked. The same 12 pages' samples: `fra` over `eng` +0.026 to +0.087; `fra` against `fra+eng`,
 * which read the page alike, -0.02 to 0. On an English page asked in `fra` (d0049), `eng` read the sample +0.03 better
 * but the page only +0.01, and its words worse (F1 0.914 against 0.936): the page's own reading must gain too.
 */
export const LANGUAGE_PICK_MARGIN = 0.02

/**
 * Default of `idleWorkerMs`. A worker holds 100-190 MB once it has read a page (a WebAssembly heap that never shrinks,
 * its thread's own allocations), which a triage that looked at a few pages early kept for the rest of a long document
 * or batch. A worker starts in 0.2-0.5 s on an idle machine (`createTimeoutMs`): ended after 20 s idle, starting
 * another costs under 3 % of the time the pool stood idle.
 */
export const IDLE_WORKER_MS = 20_000

/** Options of the tesseract.js OCR engine. */
export const tesseractOptionsSchema = z.strictObject({
  languages: z
    .array(languageCodeSchema)
    .min(1)
    .default(['fra', 'eng'])
    .describe('Tesseract language codes, each from an installed `@tesseract.js-data/<code>` package'),
  dpi: z
    .number()
    .int()
    .min(70)
    .max(1200)
    .default(DEFAULT_OCR_DPI)
    .describe('Resolution the runner renders pages at for this engine (informational here: the image carries its dpi)'),
  workers: z
    .number()
    .int()
    .min(1)
    .max(64)
    .default(() => defaultWorkers())
    .describe('Tesseract workers (threads), each recognising one page at a time; default: the number of cores'),
  pageTimeoutMs: z
    .number()
    .int()
    .positive()
    .default(120_000)
    .describe(
      'Milliseconds a worker may spend on one page before it is replaced and the page retried once. A dense 300 dpi ' +
        'page takes 6-7 s on one idle core; 120 s leaves room for large pages. Counted as the batch counts its page ' +
        "timeout: wall time while the machine has a core free, this process's CPU time while other work holds every " +
        `core (at most ${MAX_STRETCH} times the limit in wall time), so that a loaded machine stretches both alike`,
    ),
  idleWorkerMs: z
    .number()
    .int()
    .min(0)
    .nullable()
    .default(IDLE_WORKER_MS)
    .describe(
      'Milliseconds a worker waits without a page before it is ended and its memory given back (a later page starts ' +
        'one again); 0: ended as soon as it is idle; null: kept until the engine closes',
    ),
  createTimeoutMs: z
    .number()
    .int()
    .positive()
    .default(60_000)
    .describe('Milliseconds allowed to start a worker and load its languages (measured 0.2-0.5 s idle)'),
  deskew: z
    .boolean()
    .default(true)
    .describe('Measure the skew of the text on each image and straighten the image before reading it when the skew is large enough'),
  deskewMinDegrees: z
    .number()
    .min(0)
    .max(45)
    .default(DESKEW_MIN_DEGREES)
    .describe(
      'Skew (degrees) from which an image is straightened before it is read. Tesseract follows slightly skewed lines by ' +
        'itself; turning an image blurs it a little (bilinear sampling), so only a clear skew is worth it',
    ),
  deskewMinGain: z
    .number()
    .min(1)
    .default(DESKEW_MIN_GAIN)
    .describe(
      'How much sharper the ink must fall into rows at the skew found than level for the image to be straightened: ' +
        'lines of text give a clear gain, pictures (logos, maps, photos) about none, and their best angle is noise',
    ),
  deskewMaxDegrees: z
    .number()
    .min(0.5)
    .max(45)
    .default(10)
    .describe('Largest skew (degrees, either way) searched for: scanners skew pages by a few degrees, 10 covers a page fed crooked'),
  smoothEnlarged: z
    .boolean()
    .default(true)
    .describe(
      'When the page is a scan stored below the render resolution (the runner passes its dpi), smooth the pixel blocks ' +
        'that the enlargement without interpolation left, as linear interpolation would have drawn them',
    ),
  browser: z
    .strictObject({
      workerPath: z.string().min(1).describe("URL of tesseract.js's worker script (dist/worker.min.js)"),
      corePath: z.string().min(1).describe("URL of tesseract.js-core's script (tesseract-core-simd-lstm.wasm.js)"),
      langPath: z.string().min(1).describe('URL of the folder holding `<code>.traineddata.gz`'),
      languages: z.array(languageCodeSchema).min(1).describe('The languages served there'),
    })
    .optional()
    .describe("In a browser only: where the page serves tesseract.js's files, from its own origin (never a CDN). Node ignores it"),
  languagePick: z
    .boolean()
    .default(true)
    .describe(
      'When a page reads poorly with the configured languages, read a sample of it (its densest lines) with each other ' +
        'language set and read the page again with the one that reads the sample clearly better; once a document',
    ),
  languagePickLanguages: z
    .array(languageCodeSchema)
    .min(1)
    .optional()
    .describe(
      'Languages the first look tries, each alone, besides the configured set (those it holds are not tried); each needs ' +
        'its `@tesseract.js-data/<code>` package. Default: every installed language',
    ),
  languagePickBelow: z
    .number()
    .min(0)
    .max(1)
    .default(LANGUAGE_PICK_BELOW)
    .describe('Mean word confidence (0..1) under which a page reading is poor enough to look for a better language'),
  languagePickMargin: z
    .number()
    .min(0)
    .max(1)
    .default(LANGUAGE_PICK_MARGIN)
    .describe(
      'How much higher the mean confidence of the sample read with another set must be for that set to be picked, and then ' +
        "the page's for its reading to be kept",
    ),
  languagePickLines: z
    .number()
    .int()
    .min(1)
    .max(200)
    .default(6)
    .describe('Lines in the sample the first look reads: the run of this many lines holding the most letters'),
  languagePickLooks: z
    .number()
    .int()
    .min(1)
    .default(3)
    .describe(
      'First looks one document may pay while none settles its language (every set reads the sample poorly: a picture, ' +
        'a page upside down); a look that settles it is paid once',
    ),
  psm: z
    .number()
    .int()
    .min(3)
    .max(13)
    .default(3)
    .describe(
      'Tesseract page segmentation mode: 3 fully automatic (tesseract default), 4 one column, 6 one block, ' +
        '11 sparse text... Modes 0-2 need orientation data or do no recognition, so they are refused',
    ),
})

/** Options of the tesseract.js OCR engine as a user writes them (every field optional). */
export type TesseractOptions = z.input<typeof tesseractOptionsSchema>

/** Options of the tesseract.js OCR engine with defaults applied. */
export type ResolvedTesseractOptions = z.output<typeof tesseractOptionsSchema>
