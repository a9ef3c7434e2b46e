// The `dehyphen` post-pass plugin: a document's continuous text rebuilt from its kept pages (lines, paragraphs,
// hyphens, running heads, footnotes), a failure named by the plugin.
import { definePlugin, wrapPluginError, type DocumentText, type PostProcessor } from '@pdftriage/core'
import { dehyphenOptionsSchema, type ResolvedDehyphenOptions } from './options.js'
import { rebuildText } from './rebuild-text.js'

/** The post-processor's name, used in notes and errors. */
export const DEHYPHEN_NAME = 'dehyphen'

/** Creates the post-processor with resolved options (for direct use; configs go through the factory). */
export function createDehyphen(options: ResolvedDehyphenOptions): PostProcessor {
  return {
    name: DEHYPHEN_NAME,
    process(doc: DocumentText): DocumentText {
      try {
        const r = rebuildText(doc, options)
        return { ...doc, paragraphs: r.paragraphs, text: r.text, notes: [...(doc.notes ?? []), ...r.notes] }
      } catch (e) {
        throw wrapPluginError(e, DEHYPHEN_NAME, 'postprocess', undefined, doc.file)
      }
    },
  }
}

/** Plugin factory of the dehyphen post-pass: lines, paragraphs, hyphens, running headers and footnotes rebuilt. */
export const dehyphenPostProcessor = definePlugin({
  kind: 'postprocess',
  name: DEHYPHEN_NAME,
  optionsSchema: dehyphenOptionsSchema,
  create: (options) => createDehyphen(options),
})
