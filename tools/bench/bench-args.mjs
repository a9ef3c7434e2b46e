// What the benchmarks share: the repository root, the built CLI, and `--name value` options taken off the arguments.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root. */
export const root = join(fileURLToPath(import.meta.url), '..', '..', '..')
/** The built CLI (npm run build first). */
export const bin = join(root, 'packages', 'cli', 'dist', 'src', 'bin.js')

/** The command-line arguments, and a reader of `--name value` options that removes them from the list. */
export function benchArgs(argv = process.argv.slice(2)) {
  const args = [...argv]
  const opt = (name, dflt) => {
    const i = args.indexOf(`--${name}`)
    if (i < 0) return dflt
    const v = args[i + 1]
    args.splice(i, 2)
    return v
  }
  return { args, opt }
}
