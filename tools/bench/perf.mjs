#!/usr/bin/env node
// The performance rows of issue 43 in one command: each row times (or measures the peak memory of) pdftriage against
// its anchor in the same run, alternated, and prints the anchor's median, pdftriage's median, the ratio as the target
// states it, the spread and whether the target is met; then a summary table. See tools/bench/README.md.
//
//   node tools/bench/perf.mjs [ROW...] [--bin CHECKOUT/packages/cli/bin/pdftriage.js] [--runs 5] [--warmup 1]
//                             [--corpus DIR] [--timeout S] [--json FILE] [--keep]
//
// ROW: a b c d e f g h, or their names (e2e manual model long-memory blank ocr-memory hostile ocr); all when none.
// --bin: the pdftriage measured (default this checkout's), so that one script measures before and after.
import { main } from './perf-lib.mjs'
import { row as e2e } from './perf-e2e.mjs'
import { row as manual } from './perf-manual.mjs'
import { row as model } from './perf-model.mjs'
import { row as longMemory } from './perf-long-memory.mjs'
import { row as blank } from './perf-blank.mjs'
import { row as ocrMemory } from './perf-ocr-memory.mjs'
import { row as hostile } from './perf-hostile.mjs'
import { row as ocr } from './perf-ocr-native.mjs'

await main([e2e, manual, model, longMemory, blank, ocrMemory, hostile, ocr])
