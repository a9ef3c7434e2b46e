// One pass over a page's operator list for what the judges need besides text: image coverage, the pictures' boxes,
// vector painting, and which fonts drew visible or invisible text.
import { MIN_PICTURE_SHARE, type PagePicture } from '@pdftriage/core'
import { mul, walkOperators, type Matrix, type OperatorVisitor } from './operator-walk.js'
import type { PdfjsModule } from './runtime.js'

/** What one pass over a page's operator list tells. */
export interface OperatorScan {
  /** Share 0..1 of the page area under painted images (union on a grid, clipped to the page). */
  imageCoverage: number
  /** True when a path is stroked or filled, or a shading painted. */
  hasVectorGraphics: boolean
  /** Fonts that showed text in an invisible render mode (3 or 7) at least once. */
  invisibleFonts: Set<string>
  /** Fonts that showed text in a visible render mode at least once. */
  visibleFonts: Set<string>
  /** Every font id selected by `setFont`. */
  fontIds: Set<string>
  /**
   * The pictures painted, largest first (core's `PageText.images`): images of the page and of annotation appearances,
   * and annotations whose appearance paints without showing text (a stamp drawn as paths), by their rectangle.
   */
  images: PagePicture[]
}

/** Pictures listed at most: the largest; a page tiled with thousands of image strips is described by its largest. */
const MAX_PICTURES = 64

/** The operator codes that show text. */
export function showTextOps(OPS: PdfjsModule['OPS']): ReadonlySet<number> {
  return new Set<number>([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText])
}

/** Cells per side of the coverage grid: 200 x 200 cells of about 3 x 4 pt on A4, so a union is exact to ~0.5 %. */
export const COVERAGE_GRID = 200

/** Text render modes that paint nothing (3: invisible, 7: clip only), as OCR layers over scans use. */
const INVISIBLE_MODES = new Set([3, 7])

/**
 * Scans a pdf.js operator list once: image coverage, the pictures' boxes, vector painting, and which fonts showed
 * visible or invisible text. `view` is the page box in user space [x0, y0, x1, y1], `viewport` pdf.js's scale-1
 * viewport transform (user space to the displayed page; default: the unrotated page). Images are the unit square under
 * their matrix; their axis-aligned box is marked on a grid over the page (clip paths are ignored: coverage is an upper
 * bound).
 */
export function scanOperators(
  OPS: PdfjsModule['OPS'],
  fnArray: readonly number[],
  argsArray: readonly unknown[],
  view: readonly number[],
  viewport?: readonly number[],
): OperatorScan {
  const scan = operatorScanner(OPS, view, viewport)
  walkOperators(OPS, fnArray, argsArray, [scan])
  return scan.result()
}

/** The visitor of {@link scanOperators}, for a walk shared with other readers; `result()` once the walk is done. */
export function operatorScanner(
  OPS: PdfjsModule['OPS'],
  view: readonly number[],
  viewport?: readonly number[],
): OperatorVisitor & { result: () => OperatorScan } {
  const pictures = pictureList(view, viewport)
  const grid = coverageGrid(view)
  // An annotation's appearance: what it painted, to list it as a picture when it paints without showing text.
  let annot: { rect: number[] | undefined; paints: boolean; text: boolean; image: boolean } | undefined
  const record = pictures.record
  const mark = (m: Matrix, annotation = false, pixels?: PagePicture['pixels']) => {
    const xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]]
    const ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]]
    record(xs, ys, annotation, pixels)
    if (annotation) {
      if (annot) annot.image = true
      return
    }
    grid.mark(xs, ys)
  }
  const paintOps = new Set<number>([
    OPS.stroke,
    OPS.closeStroke,
    OPS.fill,
    OPS.eoFill,
    OPS.fillStroke,
    OPS.eoFillStroke,
    OPS.closeFillStroke,
    OPS.closeEOFillStroke,
    OPS.rawFillPath,
  ])
  const showOps = showTextOps(OPS)
  const out: OperatorScan = {
    imageCoverage: 0,
    hasVectorGraphics: false,
    invisibleFonts: new Set(),
    visibleFonts: new Set(),
    fontIds: new Set(),
    images: pictures.list,
  }
  const visit: OperatorVisitor['visit'] = (fn, args, { ctm, mode, font, annotation }) => {
    if (fn === OPS.beginAnnotation) {
      const rect = args[1]
      annot = {
        rect: Array.isArray(rect) || ArrayBuffer.isView(rect) ? Array.from(rect as ArrayLike<number>) : undefined,
        paints: false,
        text: false,
        image: false,
      }
      return
    }
    if (fn === OPS.endAnnotation) {
      // A stamp or a drawn signature: painted, no text shown and no image (an image is listed by itself).
      const [x0, y0, x1, y1] = annot?.rect ?? []
      if (annot?.paints && !annot.text && !annot.image && x1 !== undefined && y1 !== undefined) record([x0!, x1, x0!, x1], [y0!, y0!, y1, y1], true)
      annot = undefined
      return
    }
    // What the page itself paints: an annotation drawn over it counts in the pictures only, not in coverage or fonts.
    if (annotation && annot) {
      if (fn === OPS.shadingFill || (fn === OPS.constructPath && paintOps.has(args[0] as number))) annot.paints = true
      else if (showOps.has(fn)) annot.text = true
    }
    switch (fn) {
      case OPS.setFont:
        if (!annotation) out.fontIds.add(font!)
        break
      case OPS.constructPath:
        if (!annotation && paintOps.has(args[0] as number)) out.hasVectorGraphics = true
        break
      case OPS.shadingFill:
        if (!annotation) out.hasVectorGraphics = true
        break
      case OPS.paintImageXObject: {
        // pdf.js gives an XObject's size beside its id, an inline image or mask its data with the size
        const [, width, height] = args as [unknown, number | undefined, number | undefined]
        mark(ctm, annotation, width && height ? { width, height } : undefined)
        break
      }
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject: {
        const { width, height } = (args[0] ?? {}) as { width?: number; height?: number }
        mark(ctm, annotation, width && height ? { width, height } : undefined)
        break
      }
      case OPS.paintSolidColorImageMask:
        mark(ctm, annotation)
        break
      case OPS.paintImageXObjectRepeat: {
        const [, sx = 1, sy = 1, pos = []] = args as [unknown, number, number, number[]]
        for (let k = 0; k + 1 < pos.length; k += 2) mark(mul(ctm, [sx, 0, 0, sy, pos[k]!, pos[k + 1]!]), annotation)
        break
      }
      case OPS.paintImageMaskXObjectRepeat: {
        const [, sx = 1, kx = 0, ky = 0, sy = 1, pos = []] = args as [unknown, number, number, number, number, number[]]
        for (let k = 0; k + 1 < pos.length; k += 2) mark(mul(ctm, [sx, kx, ky, sy, pos[k]!, pos[k + 1]!]), annotation)
        break
      }
      case OPS.paintImageMaskXObjectGroup:
        for (const img of (args[0] ?? []) as Array<{ transform?: number[] }>) if (img.transform) mark(mul(ctm, img.transform), annotation)
        break
      case OPS.paintInlineImageXObjectGroup:
        for (const e of (args[1] ?? []) as Array<{ transform?: number[] }>) if (e.transform) mark(mul(ctm, e.transform), annotation)
        break
      default:
        if (!annotation && showOps.has(fn) && font !== undefined) (INVISIBLE_MODES.has(mode) ? out.invisibleFonts : out.visibleFonts).add(font)
    }
  }
  const result = (): OperatorScan => {
    out.imageCoverage = grid.coverage()
    const size = (p: PagePicture) => (p.bbox.x1 - p.bbox.x0) * (p.bbox.y1 - p.bbox.y0)
    out.images = pictures.list.sort((a, b) => size(b) - size(a)).slice(0, MAX_PICTURES)
    return out
  }
  return { visit, result }
}

/**
 * The pictures a page paints, each box on the displayed page (points, top-left origin) clipped to it, listed once
 * (the same picture painted twice, a pattern or a repeated decoration, is one), tiny ones left out.
 */
function pictureList(view: readonly number[], viewport?: readonly number[]) {
  const [vx0 = 0, vy0 = 0, vx1 = 0, vy1 = 0] = view
  const vw = vx1 - vx0
  const vh = vy1 - vy0
  const [t0, t1, t2, t3, t4, t5] = viewport ?? [1, 0, 0, -1, -vx0, vy1]
  const list: PagePicture[] = []
  const listed = new Set<string>()
  // A box in user space, on the displayed page, clipped to it; undefined when tiny.
  const onPage = (xs: readonly number[], ys: readonly number[]): PagePicture['bbox'] | undefined => {
    let x0 = Infinity
    let y0 = Infinity
    let x1 = -Infinity
    let y1 = -Infinity
    for (let k = 0; k < xs.length; k++) {
      const px = t0! * xs[k]! + t2! * ys[k]! + t4!
      const py = t1! * xs[k]! + t3! * ys[k]! + t5!
      x0 = Math.min(x0, px)
      x1 = Math.max(x1, px)
      y0 = Math.min(y0, py)
      y1 = Math.max(y1, py)
    }
    // the displayed page is vw x vh (or vh x vw when turned)
    const [pw, ph] = Math.abs(t0!) > Math.abs(t1!) ? [vw, vh] : [vh, vw]
    const r = (v: number) => Math.round(v * 100) / 100
    const b = { x0: r(Math.max(0, x0)), y0: r(Math.max(0, y0)), x1: r(Math.min(pw, x1)), y1: r(Math.min(ph, y1)) }
    return (b.x1 - b.x0) * (b.y1 - b.y0) >= MIN_PICTURE_SHARE * vw * vh ? b : undefined
  }
  const record = (xs: readonly number[], ys: readonly number[], annotation: boolean, pixels?: PagePicture['pixels']) => {
    const bbox = onPage(xs, ys)
    if (!bbox) return
    const k = `${bbox.x0} ${bbox.y0} ${bbox.x1} ${bbox.y1}`
    if (listed.has(k)) return
    listed.add(k)
    const pic: PagePicture = annotation ? { bbox, annotation: true } : { bbox }
    if (pixels) pic.pixels = pixels
    list.push(pic)
  }
  return { list, record }
}

/** The share of the page box `view` (user space) that images cover, as cells of a {@link COVERAGE_GRID} grid. */
function coverageGrid(view: readonly number[]) {
  const [vx0 = 0, vy0 = 0, vx1 = 0, vy1 = 0] = view
  const vw = vx1 - vx0
  const vh = vy1 - vy0
  const n = COVERAGE_GRID
  const grid = new Uint8Array(n * n)
  let marked = 0
  /** Marks the cells whose centre lies in the axis-aligned box of the points (user space). */
  const mark = (xs: readonly number[], ys: readonly number[]) => {
    if (!(vw > 0 && vh > 0)) return
    const cx0 = Math.max(0, Math.ceil(((Math.min(...xs) - vx0) / vw) * n - 0.5))
    const cx1 = Math.min(n - 1, Math.floor(((Math.max(...xs) - vx0) / vw) * n - 0.5))
    const cy0 = Math.max(0, Math.ceil(((Math.min(...ys) - vy0) / vh) * n - 0.5))
    const cy1 = Math.min(n - 1, Math.floor(((Math.max(...ys) - vy0) / vh) * n - 0.5))
    for (let y = cy0; y <= cy1; y++) {
      for (let x = cx0; x <= cx1; x++) {
        const i = y * n + x
        if (!grid[i]) {
          grid[i] = 1
          marked++
        }
      }
    }
  }
  return { mark, coverage: () => marked / (n * n) }
}
