#!/usr/bin/env node
// The `pdftriage` executable: starts a document process early for the commands that use one, then runs `main` and
// exits with its code.
import { dropPrestarted, prestartDocumentProcess } from '@pdftriage/batch/prestart'

// triage, run and eval read each document in a child process (the limits): started before this process loads its
// own modules, the child loads its modules at the same time, on the second core.
const [command, ...rest] = process.argv.slice(2)
if ((command === 'triage' || command === 'run' || command === 'eval') && !rest.some((a) => a === '-h' || a === '--help' || a === '--queue'))
  prestartDocumentProcess()
const { main } = await import('./main.js')

// A closed pipe (`pdftriage triage ... | head`) is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw e
})
process.exitCode = await main(process.argv.slice(2))
dropPrestarted()
