// The `codemap` repair plugin: fonts whose character map is false or missing get a per-font code map learned from the
// OCR of one anchor region and applied to the whole document. A page's repair is the list of stages below.
import { definePlugin, type DocumentInfo, type PageText, type Repair, type RepairContext, type RepairResult } from '@pdftriage/core'
import { chooseAnchorLines, learn, look, verifyAnchor } from './anchor.js'
import { applyPage } from './apply.js'
import { layerLines, Spacer } from './layout.js'
import { settleNames } from './names.js'
import { codemapOptionsSchema, type ResolvedCodemapOptions } from './options.js'
import { newDocState, newPageState, RegionsSpent, spacingOf, type DeclineReason, type DocState, type PageState } from './state.js'
import { learnUnreadCodes, readUnmappedRuns, sortFonts } from './unread.js'
import { askJudges, checkCoverage, checkFunctionWords } from './verify.js'

export { applyMaps } from './apply.js'
export { UNKNOWN_CODE, type DeclineReason } from './state.js'

/** Name of the repair in page records and notes. */
export const CODEMAP_NAME = 'codemap'

/** A stage of a page's repair: fills its part of the page's state, or says why the page is declined. */
type Stage = (p: PageState) => DeclineReason | undefined | Promise<DeclineReason | undefined>

/**
 * A page's repair, in order. Each stage reads the page's state as the stages before it left it (the fields of
 * {@link PageState} say which stage fills them) and the document's (the fonts settled on earlier pages).
 */
const STAGES: readonly Stage[] = [
  countFonts, // the layer's lines and the glyphs of each font ('no text' without any)
  settleNames, // fonts read by their glyph names, or found healthy by them, before any OCR
  chooseAnchorLines, // lines with codes of fonts worth a region that no anchor has read
  look, // the anchor: one region's OCR over those lines
  learn, // the fonts' maps as the anchor reads them, their names checked, spacing learned
  verifyAnchor, // the maps kept, refused (the settled lines must still agree), or the fonts taken as pictures
  sortFonts, // fonts read by their maps, fonts refused, fonts short of read codes
  learnUnreadCodes, // regions over codes no region read yet, and what they teach
  readUnmappedRuns, // runs no map reads take the OCR's text
  applyPage, // the page read through the maps, each font's map for writers
  checkCoverage, // enough of the broken fonts' glyphs read
  checkFunctionWords, // a page with no anchor of its own reads as its document, or agrees with its own lines' OCR
  askJudges, // the judges take the repaired page
]

/**
 * Stage "count fonts": the layer's lines, and the glyphs (spaces aside) each font draws on them. A page whose text is
 * all in fonts that draw nothing (an OCR layer over a scan) is declined before any region is read: what the image shows
 * there is the scan, not the font's glyphs, and a layer of OCR errors is no code map (the page goes to OCR).
 */
function countFonts(p: PageState): DeclineReason | undefined {
  p.lines = layerLines(p.page, p.spacer)
  for (const l of p.lines) for (const g of l.glyphs) if (!g.space) p.count.set(g.font, (p.count.get(g.font) ?? 0) + 1)
  p.total = [...p.count.values()].reduce((a, b) => a + b, 0)
  if (p.total === 0) return 'no text'
  return [...p.count.keys()].every((f) => p.page.fonts?.[f]?.invisible === true) ? 'invisible text' : undefined
}

/** The repair component. One instance serves many documents: state is kept per document, dropped with it. */
export class CodemapRepair implements Repair {
  readonly name = CODEMAP_NAME
  private readonly docs = new WeakMap<DocumentInfo, DocState>()
  /** The evidence of the last page declined (the runner keeps notes of returned repairs only), for diagnostics. */
  declined: { page: number; reason: DeclineReason; notes: string[] } | undefined

  constructor(private readonly options: ResolvedCodemapOptions) {}

  async repair(page: PageText, ctx: RepairContext): Promise<RepairResult | undefined> {
    let st = this.docs.get(ctx.info)
    if (!st) this.docs.set(ctx.info, (st = newDocState()))
    const state = st
    // Pages of one document are repaired one after the other, so that a page waits for the anchor of the page before
    // it instead of paying for its own.
    const notes: string[] = []
    const run = state.queue.then(async () => {
      const r = await this.repairPage(page, ctx, state, notes)
      if (typeof r === 'string') {
        notes.push(`declined: ${r}`)
        this.declined = { page: page.pageNumber, reason: r, notes }
        return undefined
      }
      return r
    })
    state.queue = run.catch(() => undefined)
    return run
  }

  /** Runs the page through {@link STAGES}: the repaired page, or why it was declined. */
  private async repairPage(page: PageText, ctx: RepairContext, state: DocState, notes: string[]): Promise<RepairResult | DeclineReason> {
    const p = newPageState(page, budgeted(ctx, state, this.options.maxRegionsPerDocument), state, this.options, notes, new Spacer(page, spacingOf(state)))
    try {
      for (const stage of STAGES) {
        const declined = await stage(p)
        if (declined !== undefined) return declined
      }
    } catch (e) {
      if (!(e instanceof RegionsSpent)) throw e
      // The page goes to OCR as it would without the repair: the document has spent what the repair may look at.
      notes.push(`${e.message} (maxRegionsPerDocument)`)
      return 'regions spent'
    }
    return { page: p.result!, notes }
  }
}

/** The repair context with its `recognizeRegion` refusing, once the document has spent `max` regions, to read more. */
function budgeted(ctx: RepairContext, state: DocState, max: number): RepairContext {
  const read = ctx.recognizeRegion
  if (!read) return ctx
  return {
    ...ctx,
    recognizeRegion: (box, dpi) => {
      if (state.ocrRegions >= max) return Promise.reject(new RegionsSpent(state.ocrRegions))
      return read(box, dpi)
    },
  }
}

/** The `codemap` repair plugin. */
export const codemapRepair = definePlugin({
  kind: 'repair',
  name: CODEMAP_NAME,
  optionsSchema: codemapOptionsSchema,
  create(options) {
    return new CodemapRepair(options)
  },
})
