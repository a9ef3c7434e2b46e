// The public API of @pdftriage/core, named one by one: what is not here is internal and may change without notice.
// test/api.test.ts pins the value exports. What runs anywhere is in browser.ts (the `browser` export condition); the
// rest reads files, resolves plugins on disk or hashes with node:crypto.
export * from './browser.js'

export { configDigest, loadConfig } from './config-file.js'
export type { Components, CreateComponentsOptions } from './resolve.js'
export { createComponent, createComponents, importPlugin, refParts } from './resolve.js'
export { blake2b512, readAndHash } from './hash.js'
export { machineIdleMs, ownLoadCounters, processCpuMs } from './load-counters.js'
