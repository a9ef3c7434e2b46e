// The post-pass stage: the post-processors run in order over a document's kept pages; one that fails is skipped with
// a note, the pages' own text still standing.
import type { PostProcessor } from '../contracts.js'
import type { TriageError } from '../errors.js'
import type { DocumentText } from '../types.js'
import { documentTextProblem } from '../contract-checks.js'
import { callPlugin } from './plugin-call.js'

/**
 * Runs the post-processors in order over a document's kept pages. One that fails is skipped, with a note in `notes`
 * naming it and why: the pages' own text still stands, so the document is not lost for a rebuild step.
 */
export async function postprocessDocument(doc: DocumentText, processors: readonly PostProcessor[], notes: string[]): Promise<DocumentText> {
  let text = doc
  for (const p of processors) {
    try {
      const input = text
      text = await callPlugin({ plugin: p.name, stage: 'postprocess', file: doc.file }, () => p.process(input), documentTextProblem)
    } catch (e) {
      notes.push(`post-processor ${p.name} failed, its step skipped: ${(e as TriageError).message}`)
    }
  }
  return text
}
