#!/usr/bin/env node
// The `pdftriage` command. This file is committed, not built, so that `npm ci` links it as a bin even on a fresh
// clone where dist/ does not exist yet (npm links no bin whose target is missing); it runs the compiled entry.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const entry = new URL('../dist/src/bin.js', import.meta.url)
if (!existsSync(entry)) {
  console.error(`pdftriage is not built: ${fileURLToPath(entry)} is missing. Run \`npm run build\` at the repository root.`)
  process.exit(2)
}
await import(entry.href)
