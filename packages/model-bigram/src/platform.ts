// Node reads the model file, relative to the configuration's folder; a browser build swaps in platform.browser.ts
// through the `browser` condition of the package's `#platform` import.
import { readFile } from 'node:fs/promises'
import { isAbsolute, resolve } from 'node:path'

export const modelPath = (baseDir: string, model: string): string => (isAbsolute(model) ? model : resolve(baseDir, model))

export const readModelText = (path: string): Promise<string> => readFile(path, 'utf8')
