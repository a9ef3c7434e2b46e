// The labels of an evaluation corpus (`labels.jsonl`): their schema, and reading them with errors that name the file,
// the line and the field.
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { z } from 'zod'
import { TriageError } from '@pdftriage/core'

/** One labelled page of a corpus's `labels.jsonl`. Other fields (language, source, method...) are allowed and ignored. */
export const labelSchema = z.object({
  file: z.string().min(1).describe('The PDF, as a path under the eval root'),
  page: z.number().int().positive().describe('1-based page number'),
  label: z.string().min(1).describe('The class of the page: healthy, absent, garbled, reflected...'),
  needs_ocr: z.boolean().nullable().describe('Whether the page needs OCR; null when uncertain (left out of the counts)'),
  notes: z.string().optional().describe("The labeller's notes"),
})

/** A labelled page. */
export type Label = z.infer<typeof labelSchema>

/**
 * Parses `labels.jsonl` (one JSON object a line, blank lines ignored). A line that is not JSON, breaks the schema or
 * labels a page twice is a `USAGE` error naming the file, the line and the field.
 */
export function parseLabels(text: string, file: string): Label[] {
  const labels: Label[] = []
  const seen = new Map<string, number>()
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return
    const at = `${file} line ${i + 1}`
    let raw: unknown
    try {
      raw = JSON.parse(line)
    } catch (e) {
      throw new TriageError('USAGE', `${at} is not JSON: ${(e as Error).message}`, { file })
    }
    const r = labelSchema.safeParse(raw)
    if (!r.success) {
      const why = r.error.issues.map((x) => `${x.path.join('.') || '(line)'}: ${x.message}`).join('; ')
      throw new TriageError('USAGE', `${at} is not a label: ${why}`, { file })
    }
    const key = `${r.data.file}\u0000${r.data.page}`
    const first = seen.get(key)
    if (first !== undefined) throw new TriageError('USAGE', `${at} labels ${r.data.file} p${r.data.page} again (first on line ${first})`, { file })
    seen.set(key, i + 1)
    labels.push(r.data)
  })
  return labels
}

/** Reads and parses a `labels.jsonl` (`file` relative to `cwd`); one it cannot read is a `USAGE` error naming it. */
export async function readLabels(file: string, cwd: string): Promise<Label[]> {
  const text = await readFile(resolve(cwd, file), 'utf8').catch((e: Error) => {
    throw new TriageError('USAGE', `Cannot read the labels ${file}: ${e.message}`)
  })
  return parseLabels(text, file)
}
