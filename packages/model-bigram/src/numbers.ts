/**
 * Well-formed numbers: digits with the separators of amounts, dates, times and references (`1 234,56`, `12/05/2024`,
 * `10:30`, `3.2.1`), not glued to a letter. `a1` or `x2701` are not numbers: they stay in the text and are judged.
 */
const NUMBER = /(?<![\p{L}\p{N}])[+\-−]?\d(?:[\d.,:/-]|[ \u00a0\u202f](?=\d{3}(?!\d)))*(?<=\d)(?:\s?[%€$£])?(?![\p{L}\p{N}])/gu

/** The text with every well-formed number replaced by one space, and how many there were. */
export function stripNumbers(text: string): { text: string; numbers: number } {
  let numbers = 0
  const out = text.replace(NUMBER, () => {
    numbers++
    return ' '
  })
  return { text: out, numbers }
}
