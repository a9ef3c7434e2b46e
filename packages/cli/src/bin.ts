#!/usr/bin/env node
import { main } from './main.js'

// A closed pipe (`pdftriage triage ... | head`) is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw e
})
process.exitCode = await main(process.argv.slice(2))
