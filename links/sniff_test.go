package links

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/unicode"
)

// TestSniffEncoding checks each step of HTML's encoding sniffing.
func TestSniffEncoding(t *testing.T) {
	for _, tc := range []struct {
		name, prefix, charset, want string
	}{
		{"UTF-8 BOM beats the transport", "\xEF\xBB\xBF<meta charset=gbk>", "shift_jis", "utf-8"},
		{"UTF-16BE BOM", "\xFE\xFF\x00<", "", "utf-16be"},
		{"UTF-16LE BOM", "\xFF\xFE<\x00", "", "utf-16le"},
		{"transport", `<meta charset=gbk>`, "Shift_JIS", "shift_jis"},
		{"unknown transport label", `<meta charset=gbk>`, "klingon", "gbk"},
		{"replacement", `<meta charset=gbk>`, "ISO-2022-KR", "replacement"},
		{"meta charset", `<!doctype html><html><head><meta charset="EUC-JP">`, "", "euc-jp"},
		{"meta http-equiv", `<meta http-equiv="Content-Type" content="text/html; charset=big5">`, "", "big5"},
		{"content without the pragma", `<meta content="text/html; charset=big5">`, "", "windows-1252"},
		{"charset in content, quoted", `<meta content='text/html;charset="koi8-r"' http-equiv=content-type>`, "", "koi8-r"},
		{"meta UTF-16 means UTF-8", `<meta charset=utf-16le>`, "", "utf-8"},
		{"x-user-defined", `<meta charset=x-user-defined>`, "", "windows-1252"},
		{"in a comment", `<!-- <meta charset=gbk> --><meta charset=euc-kr>`, "", "euc-kr"},
		{"in an attribute", `<a title="<meta charset=gbk>"><meta charset=euc-kr>`, "", "euc-kr"},
		{"unknown meta label, then a good one", `<meta charset=klingon><meta charset=iso-8859-2>`, "", "iso-8859-2"},
		{"cut off", `<meta charset="gbk`, "", "windows-1252"},
		// No guess from the bytes, as Chromium makes none for UTF-8.
		{"valid UTF-8", "<p>caf\xC3\xA9</p>", "", "windows-1252"},
		{"not UTF-8", "<p>caf\xE9</p>", "", "windows-1252"},
		{"ASCII", "<p>plain</p>", "", "windows-1252"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			enc, name := SniffEncoding([]byte(tc.prefix), tc.charset)
			if name != tc.want || enc == nil {
				t.Errorf("SniffEncoding(%q, %q) = %v, %q, want %q", tc.prefix, tc.charset, enc, name, tc.want)
			}
		})
	}
}

// TestExtractLinksEncoding: a page in Shift_JIS, its links decoded and
// their queries encoded in Shift_JIS, as a browser does (the issue's
// example: the path in UTF-8, the query in the page's encoding).
func TestExtractLinksEncoding(t *testing.T) {
	page := `<meta charset="shift_jis"><a href="/検索?q=検索#検索">x</a><img src="画像.png">`
	sjis, err := japanese.ShiftJIS.NewEncoder().String(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, doc, charset string
	}{
		{"meta", sjis, ""},
		{"transport", strings.Replace(sjis, `<meta charset="shift_jis">`, "", 1), "Shift_JIS"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			links, err := LinkExtractor{Charset: tc.charset}.Extract(strings.NewReader(tc.doc), "https://example.jp/")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range links {
				got = append(got, l.Raw+" "+l.URL.Href())
			}
			want := []string{
				"/検索?q=検索#検索 https://example.jp/%E6%A4%9C%E7%B4%A2?q=%8C%9F%8D%F5#%E6%A4%9C%E7%B4%A2",
				"画像.png https://example.jp/%E7%94%BB%E5%83%8F.png",
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestExtractLinksUTF16: a UTF-16 page (by its byte order mark) is
// decoded, and its queries are encoded in UTF-8, UTF-16's output
// encoding.
func TestExtractLinksUTF16(t *testing.T) {
	s := `<a href="/é?q=é">`
	var b []byte
	b = append(b, 0xFF, 0xFE)
	for _, r := range s {
		b = append(b, byte(r), byte(r>>8))
	}
	links, err := ExtractLinks(strings.NewReader(string(b)), "https://example.com/")
	if err != nil {
		t.Fatal(err)
	}
	if len(links) != 1 || links[0].URL.Href() != "https://example.com/%C3%A9?q=%C3%A9" {
		t.Errorf("links = %v", links)
	}
}

// TestExtractLinksReplacement: a page in the replacement encoding (an
// ISO-2022-KR label) decodes to one U+FFFD, as the Encoding Standard
// says: it has no links.
func TestExtractLinksReplacement(t *testing.T) {
	links, err := LinkExtractor{Charset: "iso-2022-kr"}.Extract(strings.NewReader(`<a href=x>`), "https://example.com/")
	if err != nil || len(links) != 0 {
		t.Errorf("links %v, err %v; want none", links, err)
	}
}

// TestExtractLinksDefaultCharset: a page that declares nothing is read
// in LinkExtractor.DefaultCharset (HTML's "implementation-defined or
// user-specified default"), windows-1252 when it is empty or not a
// label; a byte order mark, the transport's charset and a <meta> still
// come first.
func TestExtractLinksDefaultCharset(t *testing.T) {
	sjis, err := japanese.ShiftJIS.NewEncoder().String(`<a href="/?q=検索">`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, doc, charset, def, want string
	}{
		{"none", sjis, "", "", "https://example.jp/?q=%8C%9F%8D%F5"},
		{"default", sjis, "", "shift_jis", "https://example.jp/?q=%8C%9F%8D%F5"},
		{"default-label", sjis, "", " SJIS ", "https://example.jp/?q=%8C%9F%8D%F5"},
		{"unknown-label", sjis, "", "no-such", "https://example.jp/?q=%8C%9F%8D%F5"},
		{"transport-first", sjis, "windows-1252", "shift_jis", "https://example.jp/?q=%8C%9F%8D%F5"},
		{"meta-first", `<meta charset=utf-8>` + sjis, "", "shift_jis", "https://example.jp/?q=%EF%BF%BD%EF%BF%BD%EF%BF%BD%EF%BF%BD"},
		{"utf-8", `<a href="/?q=é">`, "", "utf-8", "https://example.jp/?q=%C3%A9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			links, err := LinkExtractor{Charset: tc.charset, DefaultCharset: tc.def}.Extract(strings.NewReader(tc.doc), "https://example.jp/")
			if err != nil || len(links) != 1 {
				t.Fatalf("links %v, err %v", links, err)
			}
			if g := links[0].URL.Href(); g != tc.want {
				t.Errorf("got %s, want %s", g, tc.want)
			}
		})
	}
}

// TestExtractLinksSourcePositions: in a page in a legacy encoding (or
// UTF-16), a link's position counts the bytes of the page as served,
// not of its UTF-8 decoding: its offset is where the link's text starts
// in the file, its column that offset from the line's start. In a
// multi-byte encoding, a URL inside a value after a non-ASCII character
// (CSS in a style attribute) is placed at the value's start.
func TestExtractLinksSourcePositions(t *testing.T) {
	for _, tc := range []struct {
		name, word string
		enc        encoding.Encoding
		bom        []byte
	}{
		{"shift_jis", "検索", japanese.ShiftJIS, nil},
		{"euc-kr", "검색", korean.EUCKR, nil},
		{"gb18030", "搜索😀", simplifiedchinese.GB18030, nil},
		{"iso-2022-jp", "検索", japanese.ISO2022JP, nil},
		{"windows-1252", "café", charmap.Windows1252, nil},
		{"utf-16le", "検索😀", unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), []byte{0xFF, 0xFE}},
		{"utf-16be", "검색", unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), []byte{0xFE, 0xFF}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := tc.word
			page := "<p>" + w + " " + w + "</p>\r\n<a href=\"/" + w + "?q=" + w + "\">" + w + "</a> <img alt=\"" + w + "\" src=\"x.png\">\n" +
				"<p>" + w + "</p><a href=/b ping=\"/p1 /p2\"><img srcset=\"" + w + ".png 1x, /c.png 2x\">\n" +
				"<style>/* " + w + " */ a{background:url(s.png)}</style>" + w + "<svg><style>/*" + w + "*/b{c:url(t.png)}</style></svg>\n" +
				"<div style=\"content:'" + w + "'; background:url(d.png)\"><meta http-equiv=refresh content=\"0; url=/" + w + "\">"
			encode := func(s string) []byte {
				b, err := tc.enc.NewEncoder().Bytes([]byte(s))
				if err != nil {
					t.Fatal(err)
				}
				return append(append([]byte(nil), tc.bom...), b...)
			}
			doc := encode(page)
			charset := ""
			if tc.bom == nil {
				charset = tc.name
			}
			links, err := LinkExtractor{Charset: charset}.Extract(iotest.HalfReader(bytes.NewReader(doc)), "https://example.com/")
			if err != nil {
				t.Fatal(err)
			}
			if len(links) != 11 {
				t.Fatalf("%d links: %v", len(links), links)
			}
			from := 0
			for _, l := range links {
				i := strings.Index(page[from:], l.Raw)
				if i < 0 {
					t.Fatalf("%q not in the page after %d", l.Raw, from)
				}
				i += from
				from = i + len(l.Raw)
				switch {
				case tc.name == "iso-2022-jp" && (l.Attr == "ping" || l.Attr == "content"):
					// After a character whose length in the file the
					// value's text does not tell (in ISO-2022-JP, any:
					// an escape sequence may come between): the value's
					// start.
					i = strings.LastIndex(page[:i], `"`) + 1
				}
				off := len(encode(page[:i]))
				line := strings.Count(page[:i], "\n") + 1
				lineStart := strings.LastIndex(page[:i], "\n") + 1
				col := off - len(encode(page[:lineStart])) + 1
				if lineStart == 0 {
					col = off - len(tc.bom) + 1
				}
				if l.Offset != off || l.Line != line || l.Col != col {
					t.Errorf("%s %s %q at %d:%d@%d, want %d:%d@%d", l.Tag, l.Attr, l.Raw, l.Line, l.Col, l.Offset, line, col, off)
				}
				if l.exact && !bytes.HasPrefix(doc[l.Offset:], []byte(l.Raw)) {
					t.Errorf("%q is marked exact, the file has %q at %d", l.Raw, doc[l.Offset:min(len(doc), l.Offset+len(l.Raw))], l.Offset)
				}
			}
		})
	}
}

// TestExtractLinksChangeEncoding: HTML's "change the encoding". When the
// encoding is tentative (the prescan found nothing in the first 1024
// bytes, so the default is used; or the prescan found it), a <meta>
// the tokenizer meets further on that declares another encoding makes
// the document be read again from its start in that one; up to
// changeBound. A transport's charset is certain: no <meta> changes it;
// and once a <meta> has confirmed the encoding, a later one does not.
func TestExtractLinksChangeEncoding(t *testing.T) {
	sjis := func(s string) string {
		b, err := japanese.ShiftJIS.NewEncoder().String(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	pad := "<!--" + strings.Repeat("x", 2000) + "-->"
	const (
		inSJIS = "https://example.jp/%E6%A4%9C?q=%8C%9F"
		in1252 = "https://example.jp/%C5%92%C5%B8?q=%8C%9F"
		inUTF8 = "https://example.jp/%EF%BF%BD%EF%BF%BD?q=%EF%BF%BD%EF%BF%BD"
	)
	for _, tc := range []struct {
		name, doc    string
		charset, def string
		want         string
	}{
		{"late meta", pad + `<meta charset="shift_jis">` + sjis(`<a href="/検?q=検">`), "", "", inSJIS},
		{"late http-equiv", pad + `<meta http-equiv=Content-Type content="text/html; charset=Shift_JIS">` + sjis(`<a href="/検?q=検">`), "", "", inSJIS},
		{"late meta after the link", pad + sjis(`<a href="/検?q=検">`) + `<meta charset="shift_jis">`, "", "", inSJIS},
		{"late meta from the default", pad + `<meta charset="windows-1252">` + sjis(`<a href="/検?q=検">`), "", "shift_jis", in1252},
		{"late meta utf-16", pad + `<meta charset="utf-16">` + sjis(`<a href="/検?q=検">`), "", "shift_jis", inUTF8},
		{"late meta not a label", pad + `<meta charset="klingon">` + sjis(`<a href="/検?q=検">`), "", "", in1252},
		{"transport", pad + `<meta charset="shift_jis">` + sjis(`<a href="/検?q=検">`), "windows-1252", "", in1252},
		{"confirmed", `<meta charset="windows-1252">` + pad + `<meta charset="shift_jis">` + sjis(`<a href="/検?q=検">`), "", "", in1252},
		{"prescan then another", `<meta charset="shift_jis">` + pad + sjis(`<a href="/検?q=検">`) + `<meta charset="windows-1252">`, "", "", inSJIS},
		{"past the bound", "<!--" + strings.Repeat("x", changeBound) + `--><meta charset="shift_jis">` + sjis(`<a href="/検?q=検">`), "", "", in1252},
		{"svg breakout", pad + `<svg><meta charset="shift_jis"></svg>` + sjis(`<a href="/検?q=検">`), "", "", inSJIS},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := LinkExtractor{Charset: tc.charset, DefaultCharset: tc.def}
			for _, r := range []io.Reader{strings.NewReader(tc.doc), iotest.OneByteReader(strings.NewReader(tc.doc))} {
				links, err := x.Extract(r, "https://example.jp/")
				if err != nil || len(links) != 1 {
					t.Fatalf("links %v, err %v", links, err)
				}
				if g := links[0].URL.Href(); g != tc.want {
					t.Errorf("got %s, want %s", g, tc.want)
				}
				if i := strings.Index(tc.doc, `<a href="/`) + len(`<a href="`); links[0].Offset != i {
					t.Errorf("at %d, want %d", links[0].Offset, i)
				}
			}
		})
	}
	// The bytes read again count once against MaxBytes.
	doc := pad + `<meta charset="shift_jis">` + sjis(`<a href="/検?q=検">`)
	links, err := LinkExtractor{MaxBytes: int64(len(doc))}.Extract(strings.NewReader(doc), "https://example.jp/")
	if err != nil || len(links) != 1 || links[0].URL.Href() != inSJIS {
		t.Errorf("at MaxBytes: links %v, err %v", links, err)
	}
}
