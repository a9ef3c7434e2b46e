// The CLI's own folder, from which the built-in plugins resolve when the configuration's folder lacks them.
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The folder holding the CLI's own dependencies: built-in plugins resolve from here when the config's folder lacks them. */
export const CLI_DIR = dirname(fileURLToPath(import.meta.url))
