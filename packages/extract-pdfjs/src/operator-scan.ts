import { mul, walkOperators, type Matrix, type OperatorVisitor } from './operator-walk.js'
import type { PdfjsModule } from './pdfjs-loader.js'

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
}

/** The operator codes that show text. */
export function showTextOps(OPS: PdfjsModule['OPS']): ReadonlySet<number> {
  return new Set<number>([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText])
}

/** Cells per side of the coverage grid: 200 x 200 cells of about 3 x 4 pt on A4, so a union is exact to ~0.5 %. */
export const COVERAGE_GRID = 200

/** Text render modes that paint nothing (3: invisible, 7: clip only), as OCR layers over scans use. */
const INVISIBLE_MODES = new Set([3, 7])

/**
 * Scans a pdf.js operator list once: image coverage, vector painting, and which fonts showed visible or invisible
 * text. `view` is the page box in user space [x0, y0, x1, y1]. Images are the unit square under their matrix; their
 * axis-aligned box is marked on a grid over the page (clip paths are ignored: coverage is an upper bound).
 */
export function scanOperators(OPS: PdfjsModule['OPS'], fnArray: readonly number[], argsArray: readonly unknown[], view: readonly number[]): OperatorScan {
  const scan = operatorScanner(OPS, view)
  walkOperators(OPS, fnArray, argsArray, [scan.visit])
  return scan.result()
}

/** The visitor of {@link scanOperators}, for a walk shared with other readers; `result()` once the walk is done. */
export function operatorScanner(OPS: PdfjsModule['OPS'], view: readonly number[]): { visit: OperatorVisitor; result: () => OperatorScan } {
  const [vx0 = 0, vy0 = 0, vx1 = 0, vy1 = 0] = view
  const vw = vx1 - vx0
  const vh = vy1 - vy0
  const n = COVERAGE_GRID
  const grid = new Uint8Array(n * n)
  let marked = 0
  const mark = (m: Matrix) => {
    if (!(vw > 0 && vh > 0)) return
    const xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]]
    const ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]]
    // Cells whose centre lies in the image's box.
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
  }
  const visit: OperatorVisitor = (fn, args, { ctm, mode, font, annotation }) => {
    // What the page itself paints: annotations drawn over it are not counted.
    if (annotation) return
    switch (fn) {
      case OPS.setFont:
        out.fontIds.add(font!)
        break
      case OPS.constructPath:
        if (paintOps.has(args[0] as number)) out.hasVectorGraphics = true
        break
      case OPS.shadingFill:
        out.hasVectorGraphics = true
        break
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
      case OPS.paintSolidColorImageMask:
        mark(ctm)
        break
      case OPS.paintImageXObjectRepeat: {
        const [, sx = 1, sy = 1, pos = []] = args as [unknown, number, number, number[]]
        for (let k = 0; k + 1 < pos.length; k += 2) mark(mul(ctm, [sx, 0, 0, sy, pos[k]!, pos[k + 1]!]))
        break
      }
      case OPS.paintImageMaskXObjectRepeat: {
        const [, sx = 1, kx = 0, ky = 0, sy = 1, pos = []] = args as [unknown, number, number, number, number, number[]]
        for (let k = 0; k + 1 < pos.length; k += 2) mark(mul(ctm, [sx, kx, ky, sy, pos[k]!, pos[k + 1]!]))
        break
      }
      case OPS.paintImageMaskXObjectGroup:
        for (const img of (args[0] ?? []) as Array<{ transform?: number[] }>) if (img.transform) mark(mul(ctm, img.transform))
        break
      case OPS.paintInlineImageXObjectGroup:
        for (const e of (args[1] ?? []) as Array<{ transform?: number[] }>) if (e.transform) mark(mul(ctm, e.transform))
        break
      default:
        if (showOps.has(fn) && font !== undefined) (INVISIBLE_MODES.has(mode) ? out.invisibleFonts : out.visibleFonts).add(font)
    }
  }
  const result = (): OperatorScan => {
    out.imageCoverage = marked / (n * n)
    return out
  }
  return { visit, result }
}
