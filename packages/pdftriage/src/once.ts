// One call on a pipeline created for it and closed after, whatever happens: the one-shot form of the library's API.
import type { Pdftriage, PdftriageOptions } from './compose.js'

/** One call on a pipeline made for it (`create`, the runtime's composition) and closed after, whatever happens. */
export async function once<T>(create: (o: PdftriageOptions) => Promise<Pdftriage>, options: PdftriageOptions, call: (t: Pdftriage) => Promise<T>): Promise<T> {
  const t = await create(options)
  try {
    return await call(t)
  } finally {
    await t.close()
  }
}
