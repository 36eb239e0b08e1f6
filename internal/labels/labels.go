// Package labels holds the Encoding Standard's table of encoding labels
// and its "get an encoding" algorithm, which map a label ("latin1",
// "Shift_JIS", "x-gbk") to golang.org/x/text's encoding. It is apart from
// internal/legacy, whose encoders the URL package runs, because naming the
// encodings imports golang.org/x/text's CJK packages, and importing them
// links their tables (about 0.8 MB: they are built when the program
// starts). Only package charset, and tests, import it; a program links the
// CJK tables when it imports charset or names an encoding itself.
package labels

import (
	"slices"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
)

// Lookup returns the encoding for a label of the Encoding Standard
// ("utf-8", "latin1", "shift_jis", "gbk", ...), following its "get an
// encoding" algorithm: leading and trailing ASCII whitespace is removed
// and the label is matched ASCII case-insensitively against the
// Standard's table (labels). ok is false when label is not one of the
// Standard's labels.
// https://encoding.spec.whatwg.org/#concept-encoding-get
func Lookup(label string) (enc encoding.Encoding, ok bool) {
	trimmed := trimASCIIWhitespace(label)
	if len(trimmed) > maxLabelLen {
		return nil, false
	}
	var buf [maxLabelLen]byte
	lower := buf[:len(trimmed)]
	for i := 0; i < len(trimmed); i++ {
		c := trimmed[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[i] = c // a byte >= 0x80 matches no label: every label is ASCII
	}
	i, found := slices.BinarySearchFunc(labels[:], string(lower), func(e struct{ label, name string }, l string) int {
		return strings.Compare(e.label, l)
	})
	if !found {
		return nil, false
	}
	return byName(labels[i].name), true
}

// byName returns golang.org/x/text's encoding for the name of an encoding
// of the Standard. This switch is the one place that names every encoder,
// so a program links the tables of the CJK encodings only when it can
// import this package (or names one of them itself).
func byName(name string) encoding.Encoding {
	switch name {
	case "utf-8":
		return unicode.UTF8
	case "ibm866":
		return charmap.CodePage866
	case "iso-8859-2":
		return charmap.ISO8859_2
	case "iso-8859-3":
		return charmap.ISO8859_3
	case "iso-8859-4":
		return charmap.ISO8859_4
	case "iso-8859-5":
		return charmap.ISO8859_5
	case "iso-8859-6":
		return charmap.ISO8859_6
	case "iso-8859-7":
		return charmap.ISO8859_7
	case "iso-8859-8":
		return charmap.ISO8859_8
	case "iso-8859-8-i":
		return charmap.ISO8859_8I
	case "iso-8859-10":
		return charmap.ISO8859_10
	case "iso-8859-13":
		return charmap.ISO8859_13
	case "iso-8859-14":
		return charmap.ISO8859_14
	case "iso-8859-15":
		return charmap.ISO8859_15
	case "iso-8859-16":
		return charmap.ISO8859_16
	case "koi8-r":
		return charmap.KOI8R
	case "koi8-u":
		return charmap.KOI8U
	case "macintosh":
		return charmap.Macintosh
	case "windows-874":
		return charmap.Windows874
	case "windows-1250":
		return charmap.Windows1250
	case "windows-1251":
		return charmap.Windows1251
	case "windows-1252":
		return charmap.Windows1252
	case "windows-1253":
		return charmap.Windows1253
	case "windows-1254":
		return charmap.Windows1254
	case "windows-1255":
		return charmap.Windows1255
	case "windows-1256":
		return charmap.Windows1256
	case "windows-1257":
		return charmap.Windows1257
	case "windows-1258":
		return charmap.Windows1258
	case "x-mac-cyrillic":
		return charmap.MacintoshCyrillic
	case "gbk":
		return simplifiedchinese.GBK
	case "gb18030":
		return simplifiedchinese.GB18030
	case "big5":
		return traditionalchinese.Big5
	case "euc-jp":
		return japanese.EUCJP
	case "iso-2022-jp":
		return japanese.ISO2022JP
	case "shift_jis":
		return japanese.ShiftJIS
	case "euc-kr":
		return korean.EUCKR
	case "replacement":
		return encoding.Replacement
	case "utf-16be":
		return unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)
	case "utf-16le":
		return unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)
	case "x-user-defined":
		return charmap.XUserDefined
	}
	panic("labels: no encoding named " + name) // the table names only these
}

// labels is the Encoding Standard's table of labels, "Encodings" in
// section 4.2: every label, lower-case, with the name of its encoding
// (lower-cased as well), sorted by label for a binary search. It is data,
// not a map built at start-up. TestLookup checks it against
// internal/legacy/testdata/encodings.json, the Standard's own file.
// https://encoding.spec.whatwg.org/#names-and-labels
var labels = [...]struct{ label, name string }{
	{"866", "ibm866"},
	{"ansi_x3.4-1968", "windows-1252"},
	{"arabic", "iso-8859-6"},
	{"ascii", "windows-1252"},
	{"asmo-708", "iso-8859-6"},
	{"big5", "big5"},
	{"big5-hkscs", "big5"},
	{"chinese", "gbk"},
	{"cn-big5", "big5"},
	{"cp1250", "windows-1250"},
	{"cp1251", "windows-1251"},
	{"cp1252", "windows-1252"},
	{"cp1253", "windows-1253"},
	{"cp1254", "windows-1254"},
	{"cp1255", "windows-1255"},
	{"cp1256", "windows-1256"},
	{"cp1257", "windows-1257"},
	{"cp1258", "windows-1258"},
	{"cp819", "windows-1252"},
	{"cp866", "ibm866"},
	{"csbig5", "big5"},
	{"cseuckr", "euc-kr"},
	{"cseucpkdfmtjapanese", "euc-jp"},
	{"csgb2312", "gbk"},
	{"csibm866", "ibm866"},
	{"csiso2022jp", "iso-2022-jp"},
	{"csiso2022kr", "replacement"},
	{"csiso58gb231280", "gbk"},
	{"csiso88596e", "iso-8859-6"},
	{"csiso88596i", "iso-8859-6"},
	{"csiso88598e", "iso-8859-8"},
	{"csiso88598i", "iso-8859-8-i"},
	{"csisolatin1", "windows-1252"},
	{"csisolatin2", "iso-8859-2"},
	{"csisolatin3", "iso-8859-3"},
	{"csisolatin4", "iso-8859-4"},
	{"csisolatin5", "windows-1254"},
	{"csisolatin6", "iso-8859-10"},
	{"csisolatin9", "iso-8859-15"},
	{"csisolatinarabic", "iso-8859-6"},
	{"csisolatincyrillic", "iso-8859-5"},
	{"csisolatingreek", "iso-8859-7"},
	{"csisolatinhebrew", "iso-8859-8"},
	{"cskoi8r", "koi8-r"},
	{"csksc56011987", "euc-kr"},
	{"csmacintosh", "macintosh"},
	{"csshiftjis", "shift_jis"},
	{"csunicode", "utf-16le"},
	{"cyrillic", "iso-8859-5"},
	{"dos-874", "windows-874"},
	{"ecma-114", "iso-8859-6"},
	{"ecma-118", "iso-8859-7"},
	{"elot_928", "iso-8859-7"},
	{"euc-jp", "euc-jp"},
	{"euc-kr", "euc-kr"},
	{"gb18030", "gb18030"},
	{"gb2312", "gbk"},
	{"gb_2312", "gbk"},
	{"gb_2312-80", "gbk"},
	{"gbk", "gbk"},
	{"greek", "iso-8859-7"},
	{"greek8", "iso-8859-7"},
	{"hebrew", "iso-8859-8"},
	{"hz-gb-2312", "replacement"},
	{"ibm819", "windows-1252"},
	{"ibm866", "ibm866"},
	{"iso-10646-ucs-2", "utf-16le"},
	{"iso-2022-cn", "replacement"},
	{"iso-2022-cn-ext", "replacement"},
	{"iso-2022-jp", "iso-2022-jp"},
	{"iso-2022-kr", "replacement"},
	{"iso-8859-1", "windows-1252"},
	{"iso-8859-10", "iso-8859-10"},
	{"iso-8859-11", "windows-874"},
	{"iso-8859-13", "iso-8859-13"},
	{"iso-8859-14", "iso-8859-14"},
	{"iso-8859-15", "iso-8859-15"},
	{"iso-8859-16", "iso-8859-16"},
	{"iso-8859-2", "iso-8859-2"},
	{"iso-8859-3", "iso-8859-3"},
	{"iso-8859-4", "iso-8859-4"},
	{"iso-8859-5", "iso-8859-5"},
	{"iso-8859-6", "iso-8859-6"},
	{"iso-8859-6-e", "iso-8859-6"},
	{"iso-8859-6-i", "iso-8859-6"},
	{"iso-8859-7", "iso-8859-7"},
	{"iso-8859-8", "iso-8859-8"},
	{"iso-8859-8-e", "iso-8859-8"},
	{"iso-8859-8-i", "iso-8859-8-i"},
	{"iso-8859-9", "windows-1254"},
	{"iso-ir-100", "windows-1252"},
	{"iso-ir-101", "iso-8859-2"},
	{"iso-ir-109", "iso-8859-3"},
	{"iso-ir-110", "iso-8859-4"},
	{"iso-ir-126", "iso-8859-7"},
	{"iso-ir-127", "iso-8859-6"},
	{"iso-ir-138", "iso-8859-8"},
	{"iso-ir-144", "iso-8859-5"},
	{"iso-ir-148", "windows-1254"},
	{"iso-ir-149", "euc-kr"},
	{"iso-ir-157", "iso-8859-10"},
	{"iso-ir-58", "gbk"},
	{"iso8859-1", "windows-1252"},
	{"iso8859-10", "iso-8859-10"},
	{"iso8859-11", "windows-874"},
	{"iso8859-13", "iso-8859-13"},
	{"iso8859-14", "iso-8859-14"},
	{"iso8859-15", "iso-8859-15"},
	{"iso8859-2", "iso-8859-2"},
	{"iso8859-3", "iso-8859-3"},
	{"iso8859-4", "iso-8859-4"},
	{"iso8859-5", "iso-8859-5"},
	{"iso8859-6", "iso-8859-6"},
	{"iso8859-7", "iso-8859-7"},
	{"iso8859-8", "iso-8859-8"},
	{"iso8859-9", "windows-1254"},
	{"iso88591", "windows-1252"},
	{"iso885910", "iso-8859-10"},
	{"iso885911", "windows-874"},
	{"iso885913", "iso-8859-13"},
	{"iso885914", "iso-8859-14"},
	{"iso885915", "iso-8859-15"},
	{"iso88592", "iso-8859-2"},
	{"iso88593", "iso-8859-3"},
	{"iso88594", "iso-8859-4"},
	{"iso88595", "iso-8859-5"},
	{"iso88596", "iso-8859-6"},
	{"iso88597", "iso-8859-7"},
	{"iso88598", "iso-8859-8"},
	{"iso88599", "windows-1254"},
	{"iso_8859-1", "windows-1252"},
	{"iso_8859-15", "iso-8859-15"},
	{"iso_8859-1:1987", "windows-1252"},
	{"iso_8859-2", "iso-8859-2"},
	{"iso_8859-2:1987", "iso-8859-2"},
	{"iso_8859-3", "iso-8859-3"},
	{"iso_8859-3:1988", "iso-8859-3"},
	{"iso_8859-4", "iso-8859-4"},
	{"iso_8859-4:1988", "iso-8859-4"},
	{"iso_8859-5", "iso-8859-5"},
	{"iso_8859-5:1988", "iso-8859-5"},
	{"iso_8859-6", "iso-8859-6"},
	{"iso_8859-6:1987", "iso-8859-6"},
	{"iso_8859-7", "iso-8859-7"},
	{"iso_8859-7:1987", "iso-8859-7"},
	{"iso_8859-8", "iso-8859-8"},
	{"iso_8859-8:1988", "iso-8859-8"},
	{"iso_8859-9", "windows-1254"},
	{"iso_8859-9:1989", "windows-1254"},
	{"koi", "koi8-r"},
	{"koi8", "koi8-r"},
	{"koi8-r", "koi8-r"},
	{"koi8-ru", "koi8-u"},
	{"koi8-u", "koi8-u"},
	{"koi8_r", "koi8-r"},
	{"korean", "euc-kr"},
	{"ks_c_5601-1987", "euc-kr"},
	{"ks_c_5601-1989", "euc-kr"},
	{"ksc5601", "euc-kr"},
	{"ksc_5601", "euc-kr"},
	{"l1", "windows-1252"},
	{"l2", "iso-8859-2"},
	{"l3", "iso-8859-3"},
	{"l4", "iso-8859-4"},
	{"l5", "windows-1254"},
	{"l6", "iso-8859-10"},
	{"l9", "iso-8859-15"},
	{"latin1", "windows-1252"},
	{"latin2", "iso-8859-2"},
	{"latin3", "iso-8859-3"},
	{"latin4", "iso-8859-4"},
	{"latin5", "windows-1254"},
	{"latin6", "iso-8859-10"},
	{"logical", "iso-8859-8-i"},
	{"mac", "macintosh"},
	{"macintosh", "macintosh"},
	{"ms932", "shift_jis"},
	{"ms_kanji", "shift_jis"},
	{"replacement", "replacement"},
	{"shift-jis", "shift_jis"},
	{"shift_jis", "shift_jis"},
	{"sjis", "shift_jis"},
	{"sun_eu_greek", "iso-8859-7"},
	{"tis-620", "windows-874"},
	{"ucs-2", "utf-16le"},
	{"unicode", "utf-16le"},
	{"unicode-1-1-utf-8", "utf-8"},
	{"unicode11utf8", "utf-8"},
	{"unicode20utf8", "utf-8"},
	{"unicodefeff", "utf-16le"},
	{"unicodefffe", "utf-16be"},
	{"us-ascii", "windows-1252"},
	{"utf-16", "utf-16le"},
	{"utf-16be", "utf-16be"},
	{"utf-16le", "utf-16le"},
	{"utf-8", "utf-8"},
	{"utf8", "utf-8"},
	{"visual", "iso-8859-8"},
	{"windows-1250", "windows-1250"},
	{"windows-1251", "windows-1251"},
	{"windows-1252", "windows-1252"},
	{"windows-1253", "windows-1253"},
	{"windows-1254", "windows-1254"},
	{"windows-1255", "windows-1255"},
	{"windows-1256", "windows-1256"},
	{"windows-1257", "windows-1257"},
	{"windows-1258", "windows-1258"},
	{"windows-31j", "shift_jis"},
	{"windows-874", "windows-874"},
	{"windows-949", "euc-kr"},
	{"x-cp1250", "windows-1250"},
	{"x-cp1251", "windows-1251"},
	{"x-cp1252", "windows-1252"},
	{"x-cp1253", "windows-1253"},
	{"x-cp1254", "windows-1254"},
	{"x-cp1255", "windows-1255"},
	{"x-cp1256", "windows-1256"},
	{"x-cp1257", "windows-1257"},
	{"x-cp1258", "windows-1258"},
	{"x-euc-jp", "euc-jp"},
	{"x-gbk", "gbk"},
	{"x-mac-cyrillic", "x-mac-cyrillic"},
	{"x-mac-roman", "macintosh"},
	{"x-mac-ukrainian", "x-mac-cyrillic"},
	{"x-sjis", "shift_jis"},
	{"x-unicode20utf8", "utf-8"},
	{"x-user-defined", "x-user-defined"},
	{"x-x-big5", "big5"},
}

// maxLabelLen is the length of the longest label.
const maxLabelLen = 19

// Names returns the names of the Standard's encodings that the table
// maps labels to, lower-case, each once, sorted.
func Names() []string {
	var names []string
	for _, l := range labels {
		names = append(names, l.name)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// trimASCIIWhitespace removes leading and trailing ASCII whitespace (tab,
// LF, FF, CR, space): strings.Trim with the Standard's set, which is not
// unicode.IsSpace's.
func trimASCIIWhitespace(s string) string {
	return strings.Trim(s, "\t\n\f\r ")
}
