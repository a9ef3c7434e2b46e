// The base encodings a PDF font dictionary may name, code -> glyph name: written out from fontTools' tables
// (StandardEncoding, MacRoman) and, for WinAnsiEncoding, Windows code page 1252 named by the Adobe Glyph List.

/** Rows of [first code, names of consecutive codes separated by spaces] into a 256-entry table. */
function table(rows: Array<[number, string]>): (string | undefined)[] {
  const out: (string | undefined)[] = new Array(256).fill(undefined)
  for (const [first, names] of rows) names.split(' ').forEach((n, i) => (out[first + i] = n))
  return out
}

/**
 * Adobe's StandardEncoding: a Type 1 font's encoding when its program says `StandardEncoding`, and a non-symbolic
 * font's base encoding when its dictionary names none.
 */
export const STANDARD_ENCODING: readonly (string | undefined)[] = table([
  [
    32,
    'space exclam quotedbl numbersign dollar percent ampersand quoteright parenleft parenright asterisk plus comma hyphen period slash zero one two three four five six seven eight nine colon semicolon less equal greater question at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore quoteleft a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde',
  ],
  [161, 'exclamdown cent sterling fraction yen florin section currency quotesingle quotedblleft guillemotleft guilsinglleft guilsinglright fi fl'],
  [177, 'endash dagger daggerdbl periodcentered'],
  [182, 'paragraph bullet quotesinglbase quotedblbase quotedblright guillemotright ellipsis perthousand'],
  [191, 'questiondown'],
  [193, 'grave acute circumflex tilde macron breve dotaccent dieresis'],
  [202, 'ring cedilla'],
  [205, 'hungarumlaut ogonek caron emdash'],
  [225, 'AE'],
  [227, 'ordfeminine'],
  [232, 'Lslash Oslash OE ordmasculine'],
  [241, 'ae'],
  [245, 'dotlessi'],
  [248, 'lslash oslash oe germandbls'],
])

/** WinAnsiEncoding (Windows code page 1252; 0xA0 space and 0xAD hyphen as PDF's table has them). */
export const WIN_ANSI_ENCODING: readonly (string | undefined)[] = table([
  [
    32,
    'space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright asterisk plus comma hyphen period slash zero one two three four five six seven eight nine colon semicolon less equal greater question at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore grave a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde',
  ],
  [128, 'Euro'],
  [130, 'quotesinglbase florin quotedblbase ellipsis dagger daggerdbl circumflex perthousand Scaron guilsinglleft OE'],
  [142, 'Zcaron'],
  [145, 'quoteleft quoteright quotedblleft quotedblright bullet endash emdash tilde trademark scaron guilsinglright oe'],
  [
    158,
    'zcaron Ydieresis space exclamdown cent sterling currency yen brokenbar section dieresis copyright ordfeminine guillemotleft logicalnot hyphen registered macron degree plusminus',
  ],
  [180, 'acute mu paragraph periodcentered cedilla'],
  [
    186,
    'ordmasculine guillemotright onequarter onehalf threequarters questiondown Agrave Aacute Acircumflex Atilde Adieresis Aring AE Ccedilla Egrave Eacute Ecircumflex Edieresis Igrave Iacute Icircumflex Idieresis Eth Ntilde Ograve Oacute Ocircumflex Otilde Odieresis multiply Oslash Ugrave Uacute Ucircumflex Udieresis Yacute Thorn germandbls agrave aacute acircumflex atilde adieresis aring ae ccedilla egrave eacute ecircumflex edieresis igrave iacute icircumflex idieresis eth ntilde ograve oacute ocircumflex otilde odieresis divide oslash ugrave uacute ucircumflex udieresis yacute thorn ydieresis',
  ],
])

/** MacRomanEncoding (Mac OS Roman). */
export const MAC_ROMAN_ENCODING: readonly (string | undefined)[] = table([
  [
    32,
    'space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright asterisk plus comma hyphen period slash zero one two three four five six seven eight nine colon semicolon less equal greater question at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore grave a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde',
  ],
  [
    128,
    'Adieresis Aring Ccedilla Eacute Ntilde Odieresis Udieresis aacute agrave acircumflex adieresis atilde aring ccedilla eacute egrave ecircumflex edieresis iacute igrave icircumflex idieresis ntilde oacute ograve ocircumflex odieresis otilde uacute ugrave ucircumflex udieresis dagger degree cent sterling section bullet paragraph germandbls registered copyright trademark acute dieresis notequal AE Oslash infinity plusminus lessequal greaterequal yen mu partialdiff summation product pi integral ordfeminine ordmasculine Omega ae oslash questiondown exclamdown logicalnot radical florin approxequal Delta guillemotleft guillemotright ellipsis nbspace Agrave Atilde Otilde OE oe endash emdash quotedblleft quotedblright quoteleft quoteright divide lozenge ydieresis Ydieresis fraction currency guilsinglleft guilsinglright fi fl daggerdbl periodcentered quotesinglbase quotedblbase perthousand Acircumflex Ecircumflex Aacute Edieresis Egrave Iacute Icircumflex Idieresis Igrave Oacute Ocircumflex apple Ograve Uacute Ucircumflex Ugrave dotlessi circumflex tilde macron breve dotaccent ring cedilla hungarumlaut ogonek caron',
  ],
])
