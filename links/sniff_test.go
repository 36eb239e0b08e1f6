package links

import (
	"strings"
	"testing"

	"golang.org/x/text/encoding/japanese"
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
		{"none", sjis, "", "", "https://example.jp/?q=%8C%9F%26%2365533%3B%F5"},
		{"default", sjis, "", "shift_jis", "https://example.jp/?q=%8C%9F%8D%F5"},
		{"default-label", sjis, "", " SJIS ", "https://example.jp/?q=%8C%9F%8D%F5"},
		{"unknown-label", sjis, "", "no-such", "https://example.jp/?q=%8C%9F%26%2365533%3B%F5"},
		{"transport-first", sjis, "windows-1252", "shift_jis", "https://example.jp/?q=%8C%9F%26%2365533%3B%F5"},
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
