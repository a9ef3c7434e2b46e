// The `unpdf` extractor plugin on a given runtime (Node's or a browser's); its logic is @pdftriage/extract-pdfjs's
// runtime-neutral engine.
import { definePlugin, type Extractor } from '@pdftriage/core'
import { createExtractorOn, type PdfjsRuntime, type RenderCanvas } from '@pdftriage/extract-pdfjs/engine'
import { unpdfExtractorOptionsSchema, type ResolvedUnpdfExtractorOptions } from './options.js'

/** The plugin name, in errors and logs. */
export const UNPDF_EXTRACTOR_NAME = 'unpdf'

/** What a program may give the extractor besides its options (which a config file gives). */
export interface UnpdfEnvironment {
  /**
   * A canvas of `width` x `height` for a render. Default: an `OffscreenCanvas` where there is one (browsers,
   * workers), else a `<canvas>` of the page; in Node, @napi-rs/canvas.
   */
  createCanvas?: (width: number, height: number) => RenderCanvas
}

/** Loads the runtime of this entry (Node's or the browser's) for the options. */
export type RuntimeLoader = (plugin: string, options: ResolvedUnpdfExtractorOptions, env: UnpdfEnvironment) => Promise<PdfjsRuntime>

/** The extractor and its plugin factory on one entry's runtime: the logic is `@pdftriage/extract-pdfjs`'s own. */
export function extractorOn(load: RuntimeLoader) {
  const create = (options: ResolvedUnpdfExtractorOptions, env: UnpdfEnvironment = {}): Extractor =>
    createExtractorOn(options, { name: UNPDF_EXTRACTOR_NAME, packageName: '@pdftriage/extract-unpdf', load: (plugin) => load(plugin, options, env) })
  const plugin = definePlugin({
    kind: 'extractor',
    name: UNPDF_EXTRACTOR_NAME,
    optionsSchema: unpdfExtractorOptionsSchema,
    create: (options) => create(unpdfExtractorOptionsSchema.parse(options ?? {})),
  })
  return { create, plugin }
}
