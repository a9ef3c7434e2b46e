// What pdf.js throws while opening a document made a TriageError that names the file and says what to do
// (PDF_ENCRYPTED or PDF_INVALID).
import { TriageError } from '@pdftriage/core'

/** pdf.js's PasswordResponses.INCORRECT_PASSWORD: the password given did not open the file. */
const INCORRECT_PASSWORD = 2

/**
 * What pdf.js 5.6 says of an /Encrypt dictionary it has no cipher for: a handler other than /Standard (a certificate's
 * /Adobe.PubSec, as in PDFBox's test files), an algorithm (/V) or a crypt filter it does not know. No password opens
 * such a file here, and it is not damaged.
 */
const UNSUPPORTED_ENCRYPTION = /^(unknown encryption method|unsupported encryption algorithm|Unknown crypto method)$/

/**
 * Turns what pdf.js threw while opening a document into a {@link TriageError} that names the file and says what to
 * do: PDF_ENCRYPTED for a missing or wrong password or an encryption no password opens here, PDF_INVALID for
 * everything else (not a PDF, truncated, damaged).
 */
export function openError(e: unknown, plugin: string, file: string | undefined, passwordGiven: boolean): TriageError {
  if (e instanceof TriageError) return e
  const name = file ? `\`${file}\`` : 'The document'
  const err = e as { name?: string; message?: string; code?: number }
  const msg = err?.message ?? String(e)
  // what every answer carries: the cause, who and when, the file
  const where = { cause: e, plugin, stage: 'open', ...(file ? { file } : {}) } as const
  if (err?.name === 'PasswordException') {
    const wrong = err.code === INCORRECT_PASSWORD || passwordGiven
    return new TriageError(
      'PDF_ENCRYPTED',
      wrong
        ? `${name} is encrypted and the password given does not open it. Check the password (\`password\` in the config, or --password)`
        : `${name} is encrypted: give the password with \`password\` in the config (or --password)`,
      where,
    )
  }
  if (UNSUPPORTED_ENCRYPTION.test(msg)) {
    return new TriageError(
      'PDF_ENCRYPTED',
      `${name} is encrypted in a way pdftriage cannot open (${msg}: a certificate's handler, or an algorithm pdf.js does not know). Decrypt it where its key is, e.g. in the program that encrypted it, and run it again`,
      where,
    )
  }
  // pdf.js ends some of its messages with a full stop ("Invalid PDF structure."): one sentence end, not two
  const cause = msg.replace(/\.+$/, '')
  return new TriageError('PDF_INVALID', `${name} is not a PDF or is damaged: ${cause}. Check the file or repair it, e.g. with qpdf`, where)
}
