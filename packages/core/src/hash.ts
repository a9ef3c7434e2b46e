// Content hashes: BLAKE2b-512 of bytes, and a file read and hashed in one pass. Documents are known by this hash.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'

/** BLAKE2b-512 hex of bytes (the only BLAKE2b size OpenSSL offers; truncating it would not be BLAKE2b-256). */
export function blake2b512(data: Uint8Array): string {
  return createHash('blake2b512').update(data).digest('hex')
}

/** Reads a file once, returning its bytes and their BLAKE2b-512 hex, hashed while read. */
export async function readAndHash(path: string | Buffer): Promise<{ bytes: Uint8Array; hash: string }> {
  const h = createHash('blake2b512')
  const chunks: Buffer[] = []
  for await (const c of createReadStream(path)) {
    h.update(c as Buffer)
    chunks.push(c as Buffer)
  }
  const buf = Buffer.concat(chunks)
  return { bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), hash: h.digest('hex') }
}
