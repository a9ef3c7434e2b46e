// ALTO v4 XML from pages laid out as blocks, lines and words: sizes and positions in the chosen unit, OCR word and page
// confidences.
import type { PageLayout } from './layout.js'
import { unitBox, unitsPerPoint, type MeasurementUnit } from './units.js'
import { escapeXml } from './xml.js'

/** ALTO v4's namespace and the schema it names. */
export const ALTO_NAMESPACE = 'http://www.loc.gov/standards/alto/ns-v4#'
const ALTO_SCHEMA_LOCATION = 'http://www.loc.gov/standards/alto/v4/alto-4-2.xsd'

/** What an ALTO file says beside the pages. */
export interface AltoOptions {
  unit: MeasurementUnit
  /** Pixels per inch, for `unit: 'pixel'`. */
  dpi: number
  /** The input's file name, for `sourceImageInformation`. */
  fileName?: string
  /** Name and version of the software, for `OCRProcessing`. */
  software?: { name: string; version?: string }
}

/** A confidence 0..1 as ALTO's WC and PC take it: two decimals, inside 0..1. */
const conf = (c: number) => String(Math.round(Math.min(1, Math.max(0, c)) * 100) / 100)

/**
 * An ALTO v4 document for the pages: one `Page` each (its size, `PC` the OCR's mean confidence when it was OCRed), a
 * `PrintSpace` over the whole page, `TextBlock`s of `TextLine`s of `String`s (`WC`, the word's confidence, for OCR
 * words), `SP` between words. Positions in whole `unit`s from the page's top-left corner; IDs unique in the document.
 */
export function altoXml(pages: readonly PageLayout[], o: AltoOptions): string {
  const k = unitsPerPoint(o.unit, o.dpi)
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<alto xmlns="${ALTO_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${ALTO_NAMESPACE} ${ALTO_SCHEMA_LOCATION}">`,
    '  <Description>',
    `    <MeasurementUnit>${o.unit}</MeasurementUnit>`,
  ]
  if (o.fileName) out.push('    <sourceImageInformation>', `      <fileName>${escapeXml(o.fileName)}</fileName>`, '    </sourceImageInformation>')
  const settings =
    o.unit === 'pixel' ? `unit pixel at ${o.dpi} dpi; origin top-left of the page as displayed` : `unit ${o.unit}; origin top-left of the page as displayed`
  out.push('    <OCRProcessing ID="OCR_0">', '      <ocrProcessingStep>', `        <processingStepSettings>${escapeXml(settings)}</processingStepSettings>`)
  if (o.software) {
    out.push('        <processingSoftware>', `          <softwareName>${escapeXml(o.software.name)}</softwareName>`)
    if (o.software.version) out.push(`          <softwareVersion>${escapeXml(o.software.version)}</softwareVersion>`)
    out.push('        </processingSoftware>')
  }
  out.push('      </ocrProcessingStep>', '    </OCRProcessing>', '  </Description>', '  <Layout>')
  for (const p of pages) {
    const n = p.pageNumber
    const W = Math.round(p.width * k)
    const H = Math.round(p.height * k)
    const pos = (b: Parameters<typeof unitBox>[0]) => {
      const [x, y, w, h] = unitBox(b, k, W, H)
      return `HPOS="${x}" VPOS="${y}" WIDTH="${w}" HEIGHT="${h}"`
    }
    const pc = p.confidence !== undefined ? ` PC="${conf(p.confidence)}"` : ''
    out.push(`    <Page ID="P${n}" PHYSICAL_IMG_NR="${n}" WIDTH="${W}" HEIGHT="${H}"${pc}>`)
    out.push(`      <PrintSpace HPOS="0" VPOS="0" WIDTH="${W}" HEIGHT="${H}">`)
    let line = 0
    let word = 0
    p.blocks.forEach((block, bi) => {
      out.push(`        <TextBlock ID="P${n}_TB${bi + 1}" ${pos(block.bbox)}>`)
      for (const l of block.lines) {
        out.push(`          <TextLine ID="P${n}_TL${++line}" ${pos(l.bbox)}>`)
        l.words.forEach((w, wi) => {
          const wc = w.confidence !== undefined ? ` WC="${conf(w.confidence)}"` : ''
          out.push(`            <String ID="P${n}_S${++word}" CONTENT="${escapeXml(w.text)}" ${pos(w.bbox)}${wc}/>`)
          const next = l.words[wi + 1]
          if (next) {
            const [x, y, wd] = unitBox({ x0: w.bbox.x1, y0: l.bbox.y0, x1: Math.max(w.bbox.x1, next.bbox.x0), y1: l.bbox.y1 }, k, W, H)
            out.push(`            <SP HPOS="${x}" VPOS="${y}" WIDTH="${wd}"/>`)
          }
        })
        out.push('          </TextLine>')
      }
      out.push('        </TextBlock>')
    })
    out.push('      </PrintSpace>', '    </Page>')
  }
  out.push('  </Layout>', '</alto>', '')
  return out.join('\n')
}
