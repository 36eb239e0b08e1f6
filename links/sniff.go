package links

// HTML's encoding sniffing algorithm:
// https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm

import (
	"bytes"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"

	charsets "github.com/weburl/url/charset"

	"github.com/weburl/url/internal/ascii"
)

// defaultEncoding is the encoding of a document that declares none:
// windows-1252, the HTML Standard's suggested default for a user agent
// with no locale to go by (its table gives windows-1252 for most
// locales), and what Chromium uses for an undeclared UTF-8 page.
const defaultEncoding = "windows-1252"

// A sniffed encoding is a document's encoding and how it was found.
type sniffed struct {
	enc  encoding.Encoding
	name string // the Encoding Standard's name, in lower case, or the label it was found by
	utf8 bool
	bom  int // the length of the byte order mark that gave it, or 0
	// tentative is HTML's tentative confidence: the encoding came from
	// the prescan or is the default, and a <meta> the tokenizer meets
	// may change it.
	tentative bool
}

// SniffEncoding returns the encoding of an HTML document whose first
// bytes (1024 of them, or all of a shorter document) are prefix, as
// HTML's encoding sniffing algorithm finds it, and the label it was
// found by, in lower case:
//
//  1. a byte order mark (UTF-8, UTF-16BE, UTF-16LE);
//  2. charset, the transport's (an HTTP Content-Type's charset
//     parameter), if it is a label of the Encoding Standard;
//  3. HTML's prescan of prefix for a <meta charset> or <meta
//     http-equiv=content-type content="...; charset=...">, where UTF-16
//     means UTF-8 and x-user-defined windows-1252;
//  4. windows-1252, the default the HTML Standard suggests when the
//     locale is unknown, and what browsers in most locales use: Chromium
//     reads an undeclared UTF-8 page as windows-1252 too (it guesses
//     some legacy encodings from the bytes, a guess HTML allows and this
//     function does not make; docs/links-chromium.md has the figures).
//     A crawler that knows better (a UTF-8 site that omits its
//     declaration) passes charset, or sets [LinkExtractor.DefaultCharset],
//     which takes this step's place.
//
// The encodings are [github.com/weburl/url/charset.Lookup]'s. A URL in
// the document is parsed with it ([github.com/weburl/url.OutputEncoding]
// of it: UTF-8 for UTF-16), which is what [LinkExtractor] does.
func SniffEncoding(prefix []byte, charset string) (encoding.Encoding, string) {
	s := sniff(prefix, charset, "")
	return s.enc, s.name
}

// sniff is SniffEncoding, with def, a label, for the default (the
// default's when it is not a label).
func sniff(prefix []byte, charset, def string) sniffed {
	switch {
	case bytes.HasPrefix(prefix, []byte{0xEF, 0xBB, 0xBF}):
		return lookup("utf-8", 3)
	case bytes.HasPrefix(prefix, []byte{0xFE, 0xFF}):
		return lookup("utf-16be", 2)
	case bytes.HasPrefix(prefix, []byte{0xFF, 0xFE}):
		return lookup("utf-16le", 2)
	}
	if charset != "" {
		if s := lookup(charset, 0); s.enc != nil {
			return s
		}
	}
	if label, ok := prescan(prefix); ok {
		if s := declared(label); s.enc != nil {
			s.tentative = true
			return s
		}
	}
	s := lookup(defaultEncoding, 0)
	if def != "" {
		if d := lookup(def, 0); d.enc != nil {
			s = d
		}
	}
	s.tentative = true
	return s
}

// declared returns the encoding of a label a <meta> declares: UTF-16
// means UTF-8 there, and x-user-defined windows-1252 (the prescan's
// rule, and the change the encoding algorithm's).
func declared(label string) sniffed {
	s := lookup(label, 0)
	if s.enc == nil {
		return s
	}
	switch s.name {
	case "utf-16be", "utf-16le":
		return lookup("utf-8", 0)
	}
	if n, _ := htmlindex.Name(s.enc); n == "x-user-defined" {
		return lookup("windows-1252", 0)
	}
	return s
}

// sameEncoding reports whether a and b are the same encoding.
func sameEncoding(a, b sniffed) bool {
	na, _ := htmlindex.Name(a.enc)
	nb, _ := htmlindex.Name(b.enc)
	return na == nb
}

// lookup returns the encoding of label, with a nil enc when it is not a
// label of the Encoding Standard.
func lookup(label string, bom int) sniffed {
	enc, err := charsets.Lookup(label)
	if err != nil {
		return sniffed{}
	}
	name := canonicalName(label)
	return sniffed{enc: enc, name: name, utf8: name == "utf-8", bom: bom}
}

// canonicalName returns the Encoding Standard's name, in lower case, of
// the labels of UTF-8, UTF-16 and replacement, which the sniffing and
// the output encoding treat apart, and the label (trimmed, in lower
// case) otherwise.
func canonicalName(label string) string {
	l := ascii.Lower(strings.Trim(label, "\t\n\f\r "))
	switch l {
	case "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8":
		return "utf-8"
	case "unicodefffe", "utf-16be":
		return "utf-16be"
	case "csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le":
		return "utf-16le"
	case "csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr", "replacement":
		return "replacement"
	}
	return l
}

// prescan is HTML's "prescan a byte stream to determine its encoding"
// over b, up to where an encoding label is found; it returns the label.
// https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding
func prescan(b []byte) (string, bool) {
	for i := 0; i < len(b); i++ {
		if b[i] != '<' {
			continue
		}
		rest := b[i:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			j := bytes.Index(b[i+2:], []byte("-->"))
			if j < 0 {
				return "", false
			}
			i += 2 + j + 2
		case len(rest) >= 6 && equalFoldASCII(string(rest[1:5]), "meta") && (isSpace(rest[5]) || rest[5] == '/'):
			label, next, ok, done := prescanMeta(b, i+6)
			if done {
				return "", false
			}
			if ok {
				return label, true
			}
			i = next - 1
		case len(rest) >= 2 && isAlpha(rest[1]) || len(rest) >= 3 && rest[1] == '/' && isAlpha(rest[2]):
			j := i + 1
			for j < len(b) && !isSpace(b[j]) && b[j] != '>' {
				j++
			}
			for {
				_, _, next, ok := getAttribute(b, j)
				if next < 0 {
					return "", false
				}
				j = next
				if !ok {
					break
				}
			}
			i = j
		case len(rest) >= 2 && (rest[1] == '!' || rest[1] == '/' || rest[1] == '?'):
			j := bytes.IndexByte(rest, '>')
			if j < 0 {
				return "", false
			}
			i += j
		}
	}
	return "", false
}

// prescanMeta reads the attributes of a meta element from b[i:], as the
// prescan does, and returns the label it gives, if any (ok), and where
// the prescan goes on; done is true when b ends first.
func prescanMeta(b []byte, i int) (label string, next int, ok, done bool) {
	var seen []string
	gotPragma := false
	needPragma := 0 // 0: null, 1: true, 2: false
	charset := ""
	for {
		name, value, j, got := getAttribute(b, i)
		if j < 0 {
			return "", 0, false, true
		}
		i = j
		if !got {
			break
		}
		dup := false
		for _, s := range seen {
			if s == name {
				dup = true
			}
		}
		if dup {
			continue
		}
		seen = append(seen, name)
		switch name {
		case "http-equiv":
			if value == "content-type" {
				gotPragma = true
			}
		case "content":
			if cs, ok := charsetFromContent(value); ok && charset == "" && lookup(cs, 0).enc != nil {
				charset, needPragma = cs, 1
			}
		case "charset":
			charset, needPragma = value, 2
		}
	}
	if needPragma == 0 || needPragma == 1 && !gotPragma || charset == "" {
		return "", i, false, false
	}
	if _, err := charsets.Lookup(charset); err != nil {
		return "", i, false, false
	}
	return charset, i, true, false
}

// getAttribute is the prescan's "get an attribute" at b[i:]: it returns
// the attribute's name and value (in ASCII lower case), the index after
// it, and whether there was one; next is -1 when b ends first.
func getAttribute(b []byte, i int) (name, value string, next int, ok bool) {
	for i < len(b) && (isSpace(b[i]) || b[i] == '/') {
		i++
	}
	if i >= len(b) {
		return "", "", -1, false
	}
	if b[i] == '>' {
		return "", "", i, false
	}
	var n, v []byte
	for {
		if i >= len(b) {
			return "", "", -1, false
		}
		c := b[i]
		if c == '=' && len(n) > 0 {
			i++
			break
		}
		if isSpace(c) {
			for i < len(b) && isSpace(b[i]) {
				i++
			}
			if i >= len(b) {
				return "", "", -1, false
			}
			if b[i] != '=' {
				return string(n), "", i, true
			}
			i++
			break
		}
		if c == '/' || c == '>' {
			return string(n), "", i, true
		}
		n = append(n, ascii.LowerByte(c))
		i++
	}
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	if i >= len(b) {
		return "", "", -1, false
	}
	if q := b[i]; q == '"' || q == '\'' {
		for i++; ; i++ {
			if i >= len(b) {
				return "", "", -1, false
			}
			if b[i] == q {
				return string(n), string(v), i + 1, true
			}
			v = append(v, ascii.LowerByte(b[i]))
		}
	}
	if b[i] == '>' {
		return string(n), "", i, true
	}
	for ; ; i++ {
		if i >= len(b) {
			return "", "", -1, false
		}
		if isSpace(b[i]) || b[i] == '>' {
			return string(n), string(v), i, true
		}
		v = append(v, ascii.LowerByte(b[i]))
	}
}

// charsetFromContent is HTML's "algorithm for extracting a character
// encoding from a meta element", on a content attribute's value.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element
func charsetFromContent(s string) (string, bool) {
	i := 0
	for {
		j := indexFold(s[i:], "charset")
		if j < 0 {
			return "", false
		}
		i += j + len("charset")
		k := i + leadingSpace(s[i:])
		if k < len(s) && s[k] == '=' {
			i = k + 1
			break
		}
	}
	i += leadingSpace(s[i:])
	if i >= len(s) {
		return "", false
	}
	if q := s[i]; q == '"' || q == '\'' {
		j := strings.IndexByte(s[i+1:], q)
		if j < 0 {
			return "", false
		}
		return s[i+1 : i+1+j], true
	}
	j := i
	for j < len(s) && !isSpace(s[j]) && s[j] != ';' {
		j++
	}
	return s[i:j], true
}

// indexFold returns the index of the first instance of sub (in lower
// case) in s, in any ASCII case, or -1.
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if equalFoldASCII(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}
