import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DOMParser, type Element } from '@xmldom/xmldom'
import { ALTO_NAMESPACE } from '../src/index.js'

/**
 * Where an ALTO v4 schema may be: `ALTO_XSD`, else where a Debian package would put it. None ships in Debian or on
 * npm today, so the XSD check runs only where someone provides the file.
 */
export function altoXsd(): string | undefined {
  for (const p of [process.env.ALTO_XSD, '/usr/share/xml/alto/alto-4-4.xsd', '/usr/share/xml/alto/alto-4-2.xsd']) if (p && existsSync(p)) return p
  return undefined
}

/** True when xmllint (Debian's libxml2-utils) is on the PATH. */
export const hasXmllint = () => spawnSync('xmllint', ['--version']).status === 0

/** Runs `xmllint --noout --nonet [args] FILE` on `xml`; returns its exit code and messages. */
export function xmllint(xml: string, args: string[] = []): { status: number | null; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'alto-'))
  try {
    const f = join(dir, 'doc.xml')
    writeFileSync(f, xml)
    const r = spawnSync('xmllint', ['--noout', '--nonet', ...args, f], { encoding: 'utf8' })
    return { status: r.status, stderr: r.stderr }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Parses XML strictly (an error, not a warning, for anything not well-formed). */
export function parseXml(xml: string) {
  return new DOMParser({
    onError: (level, msg) => {
      if (level !== 'warning') throw new Error(`not well-formed: ${msg}`)
    },
  }).parseFromString(xml, 'text/xml')
}

const els = (root: Element, name: string) => Array.from(root.getElementsByTagNameNS(ALTO_NAMESPACE, name))

/**
 * What the ALTO v4 schema requires of the parts this writer uses, checked without the schema: the namespace, the
 * Description's MeasurementUnit first with an allowed value, Layout > Page (ID, PHYSICAL_IMG_NR) > PrintSpace >
 * TextBlock > TextLine > String (CONTENT), IDs unique and NCNames, positions non-negative numbers inside the page,
 * WC and PC within 0..1, each TextLine's children String and SP only, starting with a String. Returns the Strings.
 */
export function checkAltoStructure(xml: string): Element[] {
  const doc = parseXml(xml)
  const alto = doc.documentElement!
  assert.equal(alto.localName, 'alto')
  assert.equal(alto.namespaceURI, ALTO_NAMESPACE)
  const kids = (e: Element) => Array.from(e.childNodes).filter((n): n is Element => n.nodeType === 1)
  assert.deepEqual(
    kids(alto).map((e) => e.localName),
    ['Description', 'Layout'],
  )
  const desc = kids(kids(alto)[0]!)
  assert.equal(desc[0]!.localName, 'MeasurementUnit')
  assert.ok(['pixel', 'mm10', 'inch1200'].includes(desc[0]!.textContent ?? ''), desc[0]!.textContent ?? '')
  const ids = new Set<string>()
  for (const e of Array.from(doc.getElementsByTagName('*'))) {
    const id = e.getAttribute('ID')
    if (id === null) continue
    assert.match(id, /^[A-Za-z_][\w.-]*$/, 'an ID is an NCName')
    assert.ok(!ids.has(id), `ID ${id} is unique`)
    ids.add(id)
  }
  const strings: Element[] = []
  const num = (e: Element, a: string, required = true) => {
    const v = e.getAttribute(a)
    if (v === null && !required) return undefined
    assert.ok(v !== null && /^\d+(\.\d+)?$/.test(v), `${e.localName} ${e.getAttribute('ID') ?? ''} ${a}="${v}" is a non-negative number`)
    return Number(v)
  }
  const pages = els(alto, 'Page')
  assert.ok(pages.length > 0)
  for (const page of pages) {
    assert.ok(page.getAttribute('ID') && page.getAttribute('PHYSICAL_IMG_NR'), 'Page has ID and PHYSICAL_IMG_NR')
    assert.equal(kids(page.parentNode as Element).length > 0, true)
    const W = num(page, 'WIDTH')!
    const H = num(page, 'HEIGHT')!
    const pc = num(page, 'PC', false)
    if (pc !== undefined) assert.ok(pc <= 1)
    const inside = (e: Element) => {
      const [x, y, w, h] = ['HPOS', 'VPOS', 'WIDTH', 'HEIGHT'].map((a) => num(e, a)!)
      assert.ok(x! + w! <= W && y! + h! <= H, `${e.getAttribute('ID')} lies inside its page`)
    }
    const ps = kids(page)
    assert.deepEqual(
      ps.map((e) => e.localName),
      ['PrintSpace'],
    )
    for (const block of kids(ps[0]!)) {
      assert.equal(block.localName, 'TextBlock')
      inside(block)
      for (const line of kids(block)) {
        assert.equal(line.localName, 'TextLine')
        inside(line)
        const parts = kids(line)
        assert.equal(parts[0]?.localName, 'String', 'a TextLine starts with a String')
        parts.forEach((p, i) => {
          assert.ok(p.localName === 'String' || (p.localName === 'SP' && parts[i - 1]?.localName === 'String'), `${p.localName} in a TextLine`)
          if (p.localName === 'String') {
            assert.ok((p.getAttribute('CONTENT') ?? '').length > 0)
            inside(p)
            const wc = num(p, 'WC', false)
            if (wc !== undefined) assert.ok(wc <= 1)
            strings.push(p)
          }
        })
      }
    }
  }
  return strings
}
