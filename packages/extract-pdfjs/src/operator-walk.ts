// The walk over a pdf.js operator list that several readers share (text, images, fonts): the graphics state and
// transforms followed once, each visitor seeing every operator with the state it applies under.
import type { PdfjsModule } from './runtime.js'

/** A PDF transformation matrix [a, b, c, d, e, f]. */
export type Matrix = [number, number, number, number, number, number]

/** m x n in PDF order: n is applied first (`cm` and `Tm` semantics). Missing entries are the identity's. */
export const mul = (m: readonly number[], n: readonly number[]): Matrix => {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m
  const [a2 = 1, b2 = 0, c2 = 0, d2 = 1, e2 = 0, f2 = 0] = n
  // n applied first, then m (PDF `cm` semantics: CTM' = n x CTM).
  return [a2 * a + b2 * c, a2 * b + b2 * d, c2 * a + d2 * c, c2 * b + d2 * d, e2 * a + f2 * c + e, e2 * b + f2 * d + f]
}

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]

/** The graphics state a walk keeps across `q`/`Q` and form XObjects: what its visitors read. */
export interface WalkState {
  /** Current transformation matrix, user space of the page. */
  ctm: Matrix
  /** Text render mode (`Tr`). */
  mode: number
  /** Font id of the last `Tf`. */
  font: string | undefined
  /** Inside an annotation's appearance (a form field's value, a FreeText note, a stamp), drawn over the page. */
  annotation: boolean
}

/**
 * Sees every operator of a walk that is not a graphics-state change (`q`, `Q`, `cm`, form begin and end, which the
 * walk applies itself), with the state in force. Returning `false` drops the visitor from the rest of the walk.
 * An object with a method rather than a function: a reader made per page as closures had the walk's optimised code
 * thrown away whenever a finished page's closures were collected (see OperatorTextReader).
 */
export interface OperatorVisitor {
  visit(fn: number, args: unknown[], state: Readonly<WalkState>): void | false
}

/** The arguments of an operator that has none (most of a page's), one frozen array rather than one each. */
const NO_ARGS: readonly unknown[] = Object.freeze([])

/**
 * One pass over a pdf.js operator list for several readers (text, image coverage, fonts): the save/restore stack and
 * the transforms are followed once, and each visitor sees the operators with the state they apply under.
 * Annotation appearances (in an operator list asked with annotations enabled) start from the page's user space, with
 * their own transform, and a fresh state, as pdf.js's canvas draws them; visitors see their begin and end.
 */
export function walkOperators(OPS: PdfjsModule['OPS'], fnArray: readonly number[], argsArray: readonly unknown[], visitors: readonly OperatorVisitor[]): void {
  const live = [...visitors]
  const state: WalkState = { ctm: IDENTITY, mode: 0, font: undefined, annotation: false }
  const stack: WalkState[] = []
  for (let i = 0; i < fnArray.length && live.length > 0; i++) {
    const fn = fnArray[i]!
    const args = (argsArray[i] ?? NO_ARGS) as unknown[]
    switch (fn) {
      case OPS.save:
        stack.push({ ...state })
        continue
      case OPS.restore: {
        const s = stack.pop()
        if (s) Object.assign(state, s)
        continue
      }
      case OPS.transform:
        state.ctm = mul(state.ctm, args as number[])
        continue
      case OPS.paintFormXObjectBegin:
        stack.push({ ...state })
        if (Array.isArray(args[0]) || ArrayBuffer.isView(args[0])) state.ctm = mul(state.ctm, Array.from(args[0] as ArrayLike<number>))
        continue
      case OPS.paintFormXObjectEnd: {
        const s = stack.pop()
        if (s) Object.assign(state, s)
        continue
      }
      case OPS.beginAnnotation: {
        stack.push({ ...state })
        const [, , transform, matrix] = args as [unknown, unknown, number[] | undefined, number[] | undefined]
        state.ctm = mul(mul(IDENTITY, transform ?? IDENTITY), matrix ?? IDENTITY)
        state.mode = 0
        state.font = undefined
        state.annotation = true
        break
      }
      case OPS.endAnnotation: {
        const s = stack.pop()
        if (s) Object.assign(state, s)
        break
      }
      case OPS.setFont:
        state.font = args[0] as string
        break
      case OPS.setTextRenderingMode:
        state.mode = args[0] as number
        break
      default:
        break
    }
    for (let v = 0; v < live.length; v++) {
      if (live[v]!.visit(fn, args, state) === false) live.splice(v--, 1)
    }
  }
}
