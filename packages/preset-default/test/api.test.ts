import assert from 'node:assert/strict'
import { test } from 'node:test'

// The public API, pinned: the front ends and core's callers read the built-in configuration from these names.
const load = (specifier: string): Promise<Record<string, unknown>> => import(specifier) as Promise<Record<string, unknown>>

test('the public API of @pdftriage/preset-default', async () => {
  assert.deepEqual(Object.keys(await load('@pdftriage/preset-default')).sort(), [
    'BUILTIN_PLUGINS',
    'DEFAULT_CONFIG',
    'DEFAULT_WRITERS',
    'LAYOUT_WRITERS',
    'MODEL_JUDGE',
    'PDF_WRITER',
    'ROLE_WORDS',
    'preset',
  ])
})
