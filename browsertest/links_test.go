package browsertest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/text/encoding/htmlindex"

	"github.com/weburl/url/links"
)

// linksDoc records the comparison of weburl's links with Chromium's.
var linksDoc = filepath.Join("..", "docs", "links-chromium.md")

// A legacyPage is the test page in one encoding: a word for paths and
// one for queries, in the encoding's script (the path is UTF-8 whatever
// the page's encoding; the query is in the page's encoding).
type legacyPage struct {
	label      string // the Encoding Standard label the server and meta use
	path, text string
}

var legacyPages = []legacyPage{
	{"shift_jis", "検索", "日本語"},
	{"euc-jp", "検索", "日本語"},
	{"iso-2022-jp", "検索", "日本語"},
	{"gbk", "搜索", "中文€"},
	{"gb18030", "搜索", "中文€"},
	{"big5", "搜尋", "中文"},
	{"euc-kr", "검색", "한국어"},
	{"windows-1251", "поиск", "русский"},
	{"windows-1252", "café", "naïve€"},
	{"utf-8", "検索", "日本語"},
}

// linksPageTemplate is the test page: links of every kind that Chromium
// reports a resolved URL for, with non-ASCII in paths, queries and
// fragments, a code point no legacy encoding has ("&#128512;", written
// as a character reference so that the page can hold it), and a host
// name in Unicode. PATH and TEXT are replaced by the page's words,
// META by its meta element or nothing.
const linksPageTemplate = `<!DOCTYPE html>
<html><head>META
<title>TEXT</title>
<link rel=stylesheet href="/PATH.css?TEXT=TEXT">
<style>#css1 { background-image: url("/PATH-bg.png?q=TEXT#TEXT") }</style>
</head><body>
<a href="/PATH/page.html?q=TEXT&x=1#TEXT">a1</a>
<a href="rel/PATH?q=TEXT">a2</a>
<a href="?only=TEXT">a3</a>
<a href="/emoji?q=&#128512;TEXT">a4</a>
<a href="http://PATH.example/PATH?q=TEXT">a5</a>
<a href="ws://example.com/PATH?q=TEXT">a6</a>
<a href="/space PATH?q=TEXT TEXT">a7</a>
<map name=m><area href="/area/PATH?q=TEXT" shape=default></map>
<img src="/img/PATH.png?q=TEXT">
<img srcset="/srcset/PATH.png?q=TEXT 1x">
<form action="/form/PATH?q=TEXT"><button formaction="/button/PATH?q=TEXT">b</button></form>
<video poster="/poster/PATH.png?q=TEXT"></video>
<q cite="/cite/PATH?q=TEXT">q</q>
<blockquote cite="https://example.org/PATH?q=TEXT#TEXT">bq</blockquote>
<iframe src="/iframe/PATH?q=TEXT"></iframe>
<div id=css1>c</div>
<div style="background-image:url('/style/PATH.png?q=TEXT')">s</div>
<svg width=10 height=10><a href="/svg/PATH?q=TEXT"><text>s</text></a><a xlink:href="/xlink/PATH?q=TEXT"><text>x</text></a></svg>
<iframe name=pingframe></iframe>
<a id=pinger href="/pinged" target=pingframe ping="/ping/PATH?q=TEXT ping2/PATH?q=TEXT">p</a>
</body></html>
`

// refreshPageTemplate is a page whose meta refresh Chromium follows at
// once: where it lands (location.href) is the URL it resolved.
const refreshPageTemplate = `<!DOCTYPE html>
<html><head>META
<meta http-equiv="refresh" content="0; URL='/refresh/PATH?q=TEXT#TEXT'">
</head><body>r</body></html>
`

// latePadding puts a page's <meta charset> past the first 1024 bytes,
// where HTML's prescan does not look: the parser meets it, and changes
// the encoding (HTML's "change the encoding": the page is read again).
var latePadding = "<!-- " + strings.Repeat("padding ", 160) + "-->"

// chromiumLinksJS lists what Chromium resolved, by element and
// attribute, in document order: the reflected URL attributes, srcset's
// chosen candidate (currentSrc), the computed background-image of the
// styled elements, and SVG links resolved as an HTML a resolves its
// href in the same document (the href of SVG's a is not reflected as a
// URL). Also the document's encoding.
const chromiumLinksJS = `() => {
  const out = [];
  const add = (tag, attr, url) => out.push({tag, attr, url});
  const resolve = (raw) => { const a = document.createElement("a"); a.setAttribute("href", raw); return a.href; };
  // The computed value is url("..."), a CSS string: undo its escapes.
  const cssURL = (el) => { const m = /^url\("(.*)"\)$/.exec(getComputedStyle(el).backgroundImage); return m ? m[1].replace(/\\(.)/g, "$1") : "none"; };
  for (const el of document.querySelectorAll("*")) {
    const t = el.localName;
    if (el.namespaceURI === "http://www.w3.org/2000/svg") {
      if (t === "a") {
        if (el.hasAttribute("href")) add("a", "href", resolve(el.getAttribute("href")));
        if (el.hasAttributeNS("http://www.w3.org/1999/xlink", "href")) add("a", "xlink:href", resolve(el.getAttributeNS("http://www.w3.org/1999/xlink", "href")));
      }
      continue;
    }
    if ((t === "a" || t === "area" || t === "link") && el.hasAttribute("href")) add(t, "href", el.href);
    if (t === "img" && el.hasAttribute("src")) add(t, "src", el.src);
    if (t === "img" && el.hasAttribute("srcset")) add(t, "srcset", el.currentSrc);
    if (t === "iframe" && el.hasAttribute("src")) add(t, "src", el.src);
    if (t === "form" && el.hasAttribute("action")) add(t, "action", el.action);
    if (t === "button" && el.hasAttribute("formaction")) add(t, "formaction", el.formAction);
    if (t === "video" && el.hasAttribute("poster")) add(t, "poster", el.poster);
    if ((t === "q" || t === "blockquote") && el.hasAttribute("cite")) add(t, "cite", el.cite);
    if (el.id === "css1") add("style", "", cssURL(el));
    if (el.hasAttribute("style")) add(t, "style", cssURL(el));
  }
  return {charset: document.characterSet, links: out};
}`

// chromiumLinks is what chromiumLinksJS returns.
type chromiumLinks struct {
	Charset string         `json:"charset"`
	Links   []chromiumLink `json:"links"`
}

// A chromiumLink is a URL Chromium resolved, by element and attribute.
type chromiumLink struct {
	Tag  string `json:"tag"`
	Attr string `json:"attr"`
	URL  string `json:"url"`
}

// pingOrder sorts the ping requests in the order of the test page's
// ping attribute: "/ping/..." first, then ".../ping2/...".
func pingOrder(requestURI string) string {
	if strings.HasPrefix(requestURI, "/ping/") {
		return "0"
	}
	return "1"
}

// followRefresh opens a page with a meta refresh and returns the URL
// Chromium lands on.
func followRefresh(ctx context.Context, pageURL string) (string, error) {
	if err := chromedp.Do(ctx, chromedp.Navigate(pageURL)); err != nil {
		return "", err
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if href, err := evalJS[string](ctx, `() => location.href`); err == nil && href != pageURL {
			return href, nil
		}
	}
	return "(no refresh)", nil
}

// A linksCase is one page as served: in an encoding, declared by HTTP,
// by meta, or not at all.
type linksCase struct {
	page    legacyPage
	declare string // "http", "meta" or "none"
}

// TestLinksChromium serves the test page in each legacy encoding from a
// local server, declared by the HTTP Content-Type's charset, by a meta
// element, or not at all, opens it in Chromium, and compares every URL
// Chromium reports with the one weburl's links package resolves from
// the same bytes, and the encoding each finds. With -update it writes
// the comparison to docs/links-chromium.md; without, it checks that the
// disagreements are the ones that file records.
func TestLinksChromium(t *testing.T) {
	ctx := newTab(t, 5*time.Minute)
	var cases []linksCase
	for _, p := range legacyPages {
		for _, d := range []string{"http", "meta", "late", "none"} {
			cases = append(cases, linksCase{p, d})
		}
	}
	pages := map[string][]byte{}   // by path
	headers := map[string]string{} // Content-Type by path
	for _, c := range cases {
		body, err := encodePage(c)
		if err != nil {
			t.Fatalf("%s: %v", c.page.label, err)
		}
		refresh, err := encodeTemplate(c, refreshPageTemplate)
		if err != nil {
			t.Fatalf("%s: %v", c.page.label, err)
		}
		path := "/" + c.page.label + "-" + c.declare + ".html"
		rpath := "/" + c.page.label + "-" + c.declare + "-refresh.html"
		pages[path], pages[rpath] = body, refresh
		headers[path], headers[rpath] = "text/html", "text/html"
		if c.declare == "http" {
			headers[path] = "text/html; charset=" + c.page.label
			headers[rpath] = headers[path]
		}
	}
	// The pings Chromium sends (hyperlink auditing: a POST to each URL
	// of the ping attribute of a link followed), as requested.
	var pingMu sync.Mutex
	var pings []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if body, ok := pages[r.URL.Path]; ok {
			w.Header().Set("Content-Type", headers[r.URL.Path])
			w.Write(body)
			return
		}
		if r.Method == http.MethodPost && r.Header.Get("Ping-To") != "" {
			pingMu.Lock()
			pings = append(pings, r.RequestURI)
			pingMu.Unlock()
			w.WriteHeader(http.StatusNoContent)
			return
		}
		io.WriteString(w, "landed")
	}))
	defer srv.Close()

	var report strings.Builder
	var disagreements []string
	total, agree := 0, 0
	fmt.Fprintf(&report, "| encoding | declared by | Chromium's encoding | weburl's | links | agree | disagree |\n| --- | --- | --- | --- | ---: | ---: | ---: |\n")
	for _, c := range cases {
		path := "/" + c.page.label + "-" + c.declare + ".html"
		pageURL := srv.URL + path
		var got chromiumLinks
		if err := chromedp.Do(ctx, chromedp.Navigate(pageURL)); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		got, err := evalJS[chromiumLinks](ctx, chromiumLinksJS)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		// Follow the link with a ping attribute (in an iframe, so that
		// the page stays): Chromium sends its pings.
		pingMu.Lock()
		pings = nil
		pingMu.Unlock()
		if _, err := evalJS[bool](ctx, `() => { document.getElementById("pinger").click(); return true; }`); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var sent []string
		for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			pingMu.Lock()
			sent = slices.Clone(pings)
			pingMu.Unlock()
			if len(sent) == 2 {
				break
			}
		}
		// In the order of the attribute (they may arrive in any).
		slices.SortFunc(sent, func(a, b string) int { return strings.Compare(pingOrder(a), pingOrder(b)) })
		for _, p := range sent {
			got.Links = append(got.Links, chromiumLink{Tag: "a", Attr: "ping", URL: srv.URL + p})
		}
		// The meta refresh: where Chromium lands.
		rpath := "/" + c.page.label + "-" + c.declare + "-refresh.html"
		landed, err := followRefresh(ctx, srv.URL+rpath)
		if err != nil {
			t.Fatalf("%s: %v", rpath, err)
		}
		got.Links = append(got.Links, chromiumLink{Tag: "meta", Attr: "content", URL: landed})
		charset := ""
		if c.declare == "http" {
			charset = c.page.label
		}
		ours, err := links.LinkExtractor{Charset: charset}.Extract(bytes.NewReader(pages[path]), pageURL)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		refreshLinks, err := links.LinkExtractor{Charset: charset}.Extract(bytes.NewReader(pages[rpath]), srv.URL+rpath)
		if err != nil {
			t.Fatalf("%s: %v", rpath, err)
		}
		ours = append(ours, refreshLinks...)
		prefix := pages[path][:min(1024, len(pages[path]))]
		_, ourCharset := links.SniffEncoding(prefix, charset)
		if c.declare == "late" {
			// The prescan finds nothing; the parser meets the meta.
			ourCharset += ", then the meta's"
		}
		// Group both by element and attribute, in document order.
		byKey := map[string][]string{}
		for _, l := range ours {
			href := "error: " + fmt.Sprint(l.Err)
			if l.URL != nil {
				href = l.URL.Href()
			}
			k := l.Tag + " " + l.Attr
			byKey[k] = append(byKey[k], href)
		}
		n, ok := 0, 0
		seen := map[string]int{}
		for _, cl := range got.Links {
			k := cl.Tag + " " + cl.Attr
			i := seen[k]
			seen[k]++
			n++
			w := "(none)"
			if i < len(byKey[k]) {
				w = byKey[k][i]
			}
			if w == cl.URL {
				ok++
				continue
			}
			// The server's port changes from run to run.
			host := strings.NewReplacer(srv.URL, "http://SERVER", "|", "\\|")
			disagreements = append(disagreements, fmt.Sprintf("| %s | %s | %s | `%s` | `%s` |", c.page.label, c.declare, k, host.Replace(cl.URL), host.Replace(w)))
		}
		total += n
		agree += ok
		fmt.Fprintf(&report, "| %s | %s | %s | %s | %d | %d | %d |\n", c.page.label, c.declare, strings.ToLower(got.Charset), ourCharset, n, ok, n-ok)
	}
	fmt.Fprintf(&report, "\n%d URLs compared on %d pages: %d agree, %d disagree.\n", total, len(cases), agree, total-agree)
	if len(disagreements) > 0 {
		report.WriteString("\n| encoding | declared by | element, attribute | Chromium | weburl |\n| --- | --- | --- | --- | --- |\n")
		slices.Sort(disagreements)
		for _, d := range disagreements {
			report.WriteString(d + "\n")
		}
	}
	t.Logf("%s: %s", chromiumVersion, report.String())
	doc := "# weburl's links and Chromium's, page by page\n\n" +
		"Generated by the browser tests (`cd browsertest && go test -run TestLinksChromium -update`), with " + chromiumVersion + ".\n" +
		"Each page (browsertest/links_test.go, `linksPageTemplate`) is served from a local server in one encoding,\n" +
		"declared by the HTTP Content-Type's charset, by `<meta charset>` in the first 1024 bytes (\"meta\"), by one\n" +
		"past them (\"late\": the prescan does not see it, the parser changes the encoding and reads the page again),\n" +
		"or not at all; every URL Chromium resolves (reflected URL attributes, srcset's current source, computed CSS\n" +
		"background images, SVG links) is compared with the URL `links.LinkExtractor` resolves from the same bytes.\n" +
		"Two links Chromium exposes no resolved URL for are observed by what it requests: `ping` (the `ping` IDL\n" +
		"attribute is the attribute's text), by following the link (into an iframe) and recording the two POSTs\n" +
		"Chromium sends to the server; and a meta refresh (a second page, `refreshPageTemplate`, in the same\n" +
		"encoding and declaration), by `location.href` once Chromium has followed it.\n\n" +
		"On every page whose encoding is declared (by HTTP, by meta, or by a late meta), Chromium and weburl find the same\n" +
		"encoding and agree on every URL (pings and meta refresh included) but two, where Chromium departs from the\n" +
		"standards weburl follows:\n\n" +
		"- a `ws:` URL's query: Chromium encodes it in the page's encoding; the URL Standard encodes the query of\n" +
		"  `ws:` and `wss:` URLs in UTF-8 (WPT's url/resources/percent-encoding.json checks it), as weburl does;\n" +
		"- a `url()` in a `<style>` element: Chromium encodes its query in the page's encoding; the CSS Working Group\n" +
		"  resolved that every CSS URL is encoded in UTF-8 (w3c/csswg-drafts#9301), as Firefox does and as Chromium\n" +
		"  itself already does for a `style` attribute, and so does weburl.\n\n" +
		"On a page that declares nothing, weburl uses windows-1252, HTML's suggested default (`LinkExtractor.DefaultCharset`\n" +
		"sets another, as a browser's locale does; the comparison leaves it unset), and agrees with Chromium\n" +
		"wherever Chromium also ends up with windows-1252 (an undeclared UTF-8 page among them); Chromium guesses\n" +
		"other encodings from the bytes (rightly for Shift_JIS, EUC-JP, gb18030, EUC-KR and windows-1251 here,\n" +
		"wrongly, windows-1256, for GBK), which HTML allows and weburl does not do, so there every non-ASCII URL\n" +
		"differs. The remaining differences there are host names with code points the URL Standard forbids in a\n" +
		"domain, which Chromium accepts (docs/chromium-differences.md lists that kind of difference).\n\n" + report.String()
	if *update {
		if err := os.WriteFile(linksDoc, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(linksDoc)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	// The version line may differ; the tables must not.
	if tables(string(want)) != tables(doc) {
		t.Errorf("the comparison differs from %s; run with -update to rewrite it after reading the change:\n%s", linksDoc, report.String())
	}
}

// tables returns the lines of a report that are table rows or totals.
func tables(doc string) string {
	var b strings.Builder
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "|") || strings.Contains(line, "URLs compared") {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// encodePage returns the test page of c, encoded.
func encodePage(c linksCase) ([]byte, error) {
	return encodeTemplate(c, linksPageTemplate)
}

// encodeTemplate returns a page template for c, encoded.
func encodeTemplate(c linksCase, template string) ([]byte, error) {
	meta := ""
	switch c.declare {
	case "meta":
		meta = `<meta charset="` + c.page.label + `">`
	case "late":
		meta = latePadding + `<meta charset="` + c.page.label + `">`
	}
	s := strings.NewReplacer("META", meta, "PATH", c.page.path, "TEXT", c.page.text).Replace(template)
	if c.page.label == "utf-8" {
		return []byte(s), nil
	}
	enc, err := htmlindex.Get(c.page.label)
	if err != nil {
		return nil, err
	}
	out, err := enc.NewEncoder().String(s)
	return []byte(out), err
}
