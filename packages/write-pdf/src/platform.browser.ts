// In a browser the searchable PDF is written as plain PDF (`outputType: 'pdf'`, the default); PDF/A, which embeds the
// sRGB profile read from the package folder, is refused with a message rather than fetched.
import { TriageError } from '@pdftriage/core'

function unavailable(): never {
  throw new TriageError('CONFIG_INVALID', "PDF/A output (outputType 'pdfa') is not available in a browser build: write outputType 'pdf'", {
    stage: 'write',
  })
}

export const readProfile = (_url: URL): Uint8Array => unavailable()

export const md5Hex = (_data: Uint8Array): string => unavailable()
