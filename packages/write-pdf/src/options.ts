// The searchable-PDF writer's options, one zod schema: how replaced text is hidden, corrected character maps, accents,
// PDF or PDF/A, pages turned upright or straightened.
import { z } from 'zod'

/**
 * Default of `deskewMinDegrees`: half a degree tilts a line across an A4 page (483 pt of text between 56 pt margins) by
 * 4 pt, a third of a 11 pt line, which a reader sees; less is within what a scanner's feed does to every page.
 */
export const DESKEW_MIN_DEGREES = 0.5

/** Options of the searchable-PDF writer. */
export const writePdfOptionsSchema = z.strictObject({
  hideReplacedText: z
    .enum(['actual-text', 'none'])
    .default('actual-text')
    .describe(
      'What to do with the original text of OCRed and repaired pages, which stays drawn for display: `actual-text` ' +
        'wraps the original content in a marked-content span with an empty /ActualText, which poppler (pdftotext) and ' +
        'mupdf honour, so they extract only the new layer (pdf.js ignores /ActualText: see `blankReplacedText`); `none` ' +
        'leaves the content as it was',
    ),
  toUnicode: z
    .boolean()
    .default(true)
    .describe(
      'Pages repaired by per-font code maps (repair-codemap; reflect for reflected, shifted and substituted fonts) get ' +
        'corrected /ToUnicode CMaps in their fonts instead of an invisible layer (the page renders as before; every ' +
        'extractor reads the repaired text); pages whose fonts cannot be told apart (by name, then by widths) or whose ' +
        'codes another page of the same font reads otherwise keep the layer; pages of letter-spaced fonts (dvips) keep the ' +
        "layer and their fonts' codes are written as spaces, so that the broken text is not read beside it",
    ),
  blankReplacedText: z
    .boolean()
    .default(true)
    .describe(
      'On OCRed and repaired pages that get an invisible layer: the codes the page content shows with its own fonts are ' +
        "written as spaces in those fonts' /ToUnicode CMaps, so that pdf.js and mupdf, which ignore the empty /ActualText " +
        '(`hideReplacedText`), read the layer alone and not the text it replaces before it. Fonts that a page keeping its ' +
        'text can draw with, or whose codes cannot be told (composite fonts of a CMap other than Identity), are left as ' +
        'they are; the page renders as before',
    ),
  accentText: z
    .boolean()
    .default(true)
    .describe(
      "On pages whose fonts get corrected CMaps: an accent drawn over its letter as a glyph of its own (TeX's " +
        '`\\accent`), which a CMap can only map to the spacing accent, is wrapped with its letter in a marked-content ' +
        'span whose /ActualText is the accented letter, so that mupdf reads `é` and not `´e` (poppler joins them itself); ' +
        'the page content is rewritten (its streams become one) and renders as before',
    ),
  outputType: z
    .enum(['pdf', 'pdfa'])
    .default('pdf')
    .describe(
      '`pdf` writes the input with its layer and nothing else changed; `pdfa` writes PDF/A-2B: an XMP packet ' +
        '(pdfaid part 2, conformance B) that agrees with the Info dictionary, an sRGB output intent (the profile ' +
        'shipped in the package), a file ID. An input that PDF/A forbids in a way the writer cannot mend without ' +
        'changing the page (a font not embedded, JavaScript, an LZW stream, a DeviceCMYK image) fails with ' +
        '`PDFA_INCOMPATIBLE`, naming what',
    ),
  rotatePages: z
    .boolean()
    .default(false)
    .describe(
      'OCRed pages that OCR read turned (scanned sideways or upside down) get a /Rotate, added to the one they have, that ' +
        'shows them upright, as ocrmypdf --rotate-pages; the invisible layer turns with the page. Off by default, as in ' +
        'OCRmyPDF: a viewer then shows the page as it was scanned',
    ),
  deskew: z
    .boolean()
    .default(false)
    .describe(
      "OCRed pages whose scan OCR measured skewed (the engine's `skew`, from `deskewMinDegrees`) get their content drawn " +
        'turned back about the page centre (a `cm` around the original content: the images are not re-encoded), and the ' +
        "invisible layer over the straightened words. The scan's corners turned out of the crop box are cut off",
    ),
  deskewMinDegrees: z
    .number()
    .min(0)
    .default(DESKEW_MIN_DEGREES)
    .describe(
      'Skew (degrees) from which `deskew` straightens a page; the OCR engine reports a skew only where it straightened the ' +
        'image to read it (tesseract: from 1 degree), so this matters for engines that report smaller ones',
    ),
  objectStreams: z.boolean().default(true).describe('Write the objects in compressed object streams (PDF 1.5), as pdf-lib does by default: a smaller file'),
  sidecar: z
    .boolean()
    .default(false)
    .describe(
      "Also return the document's text as OCRmyPDF's --sidecar writes it, the text of the PDF's layer: `<stem>.sidecar.txt` " +
        '(role `sidecar`), each page in page order separated by form feeds, NFC',
    ),
})

/** Options of {@link writeSearchablePdf}, as a caller may give them (defaults filled in). */
export type WritePdfOptions = z.input<typeof writePdfOptionsSchema>
