/**
 * Characters XML 1.0 cannot hold at all (C0 controls but tab, line feed and carriage return; lone surrogates; U+FFFE,
 * U+FFFF): a PDF's text layer may carry any of them, and one would make the whole file unreadable to a parser.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** `s` (NFC) without the characters XML cannot hold. */
export const xmlChars = (s: string): string => s.normalize('NFC').replace(NOT_XML, '')

/** `s` (NFC) escaped for XML text and attribute values (double-quoted), characters XML cannot hold left out. */
export function escapeXml(s: string): string {
  return xmlChars(s).replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;'))
}
