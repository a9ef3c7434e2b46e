// Node resolves the model's path against the configuration's folder; a browser build swaps in platform.browser.ts
// through the `browser` condition of the package's `#platform` import.
export { resolve as resolvePath } from 'node:path'
