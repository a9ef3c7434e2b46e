/**
 * Glyph names of TeX's fonts (Computer Modern, Latin Modern, the AMS symbol fonts, the T1 text fonts) that the Adobe
 * Glyph List does not have, with the character each glyph stands for, by Unicode's name for it. Written for this
 * project from the fonts' encodings; the names are the ones a scan of 640 TeX Live documentation PDFs (30 pages each)
 * found unresolved by the list, most often `angbracketleft`, `floorleft`, `bardbl`, `prime`, `visiblespace`, `star` and
 * the extension font's sized delimiters. Where readers disagree, the meaning is kept: `angbracketleft` is U+27E8 as
 * LuaTeX's ToUnicode and MuPDF give it, not the CJK bracket U+3008 of pdf.js's fallback.
 *
 * Left out on purpose: the pieces TeX assembles larger signs from (`bracehtipdownleft`, `arrowvertexdbl`,
 * `radicalvertex`, `mapsto`'s bar, `suppress`, `vextendsingle`) and the wide accents (`hatwide`, `tildewider`,
 * `vector`, `tie`): alone they are no character, so a code drawing one stays for the anchor OCR to settle.
 */
export const TEX_NAMES: ReadonlyMap<string, string> = new Map([
  // text fonts
  // `\verb*`'s visible space stands for a space of the code shown: a space, as LuaTeX's ToUnicode for Latin Modern and
  // pdf.js read it (the sign U+2423 would glue the words either side into one)
  ['visiblespace', ' '],
  ['cwm', '\u200C'],
  ['compwordmark', '\u200C'],
  ['dotlessj', '\u0237'], // the list gives a private-use code point
  ['SS', 'SS'],
  ['Germandbls', 'SS'],
  // math italic
  ['epsilon1', '\u03F5'], // CMMI's `epsilon1` is \epsilon, the lunate form; its `epsilon` (\varepsilon) is in the list
  ['pi1', '\u03D6'],
  ['rho1', '\u03F1'],
  ['lscript', '\u2113'],
  ['star', '\u22C6'],
  ['triangleleft', '\u25C1'],
  ['triangleright', '\u25B7'],
  ['flat', '\u266D'],
  ['natural', '\u266E'],
  ['sharp', '\u266F'],
  ['slurabove', '\u2322'],
  ['slurbelow', '\u2323'],
  ['arrowlefttophalf', '\u21BC'],
  ['arrowleftbothalf', '\u21BD'],
  ['arrowrighttophalf', '\u21C0'],
  ['arrowrightbothalf', '\u21C1'],
  // the hooks TeX sets before an arrow: `arrowhookleft` begins \hookrightarrow
  ['arrowhookleft', '\u21AA'],
  ['arrowhookright', '\u21A9'],
  // math symbols
  ['angbracketleft', '\u27E8'],
  ['angbracketright', '\u27E9'],
  ['bardbl', '\u2016'],
  ['prime', '\u2032'],
  ['negationslash', '\u0338'],
  ['diamondmath', '\u22C4'],
  ['circleminus', '\u2296'],
  ['circledivide', '\u2298'],
  ['circledot', '\u2299'],
  ['circlecopyrt', '\u25EF'],
  ['floorleft', '\u230A'],
  ['floorright', '\u230B'],
  ['ceilingleft', '\u2308'],
  ['ceilingright', '\u2309'],
  ['arrowbothv', '\u2195'],
  ['arrowdblbothv', '\u21D5'],
  ['arrownortheast', '\u2197'],
  ['arrowsoutheast', '\u2198'],
  ['arrownorthwest', '\u2196'],
  ['arrowsouthwest', '\u2199'],
  ['lessmuch', '\u226A'],
  ['greatermuch', '\u226B'],
  ['precedesequal', '\u2AAF'],
  ['followsequal', '\u2AB0'],
  ['follows', '\u227B'],
  ['similarequal', '\u2243'],
  ['equivasymptotic', '\u224D'],
  ['owner', '\u220B'],
  ['triangle', '\u25B3'],
  ['triangleinv', '\u25BD'],
  ['Rfractur', '\u211C'],
  ['Ifractur', '\u2111'],
  ['latticetop', '\u22A4'],
  ['unionmulti', '\u228E'],
  ['turnstileleft', '\u22A2'],
  ['turnstileright', '\u22A3'],
  ['wreathproduct', '\u2240'],
  ['coproduct', '\u2210'],
  ['unionsq', '\u2294'],
  ['intersectionsq', '\u2293'],
  ['subsetsqequal', '\u2291'],
  ['supersetsqequal', '\u2292'],
  ['lessorequalslant', '\u2A7D'],
  ['greaterorequalslant', '\u2A7E'],
  // AMS symbols
  ['square', '\u25A1'],
  ['squaresolid', '\u25A0'],
  // the extension font's bases, met with a size suffix (`contintegraldisplay`)
  ['contintegral', '\u222E'],
])

/**
 * The sizes of the extension font (`parenleftbigg`, `summationdisplay`): a name ending so reads as its base when the
 * base is a sign; a base that reads as a letter or digit (`Xtext`) is no sized glyph and is not taken.
 */
export const TEX_SIZE_SUFFIX = /^(.+?)(big|Big|bigg|Bigg|text|display)$/
