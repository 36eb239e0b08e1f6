package urlbeam

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/weburl/url/beam/warc"
)

var updateSources = flag.Bool("update-sources", false, "write testdata/sources anew")

// sourceFiles are the WARC and WAT files of testdata/sources: one per
// link source cc-pyspark reads, and pages with no links. The harness
// testdata/ccpyspark/extract.py runs cc-pyspark's own extraction on
// them; TestSourcesAgainstCCPySpark holds ReadCrawl to its output.
func sourceFiles() map[string][]sourceRecord {
	wat := func(uri string, payload map[string]any) sourceRecord {
		env := map[string]any{"Envelope": map[string]any{
			"WARC-Header-Metadata": map[string]any{"WARC-Type": "response", "WARC-Target-URI": uri},
			"Payload-Metadata":     map[string]any{"HTTP-Response-Metadata": payload},
		}}
		b, _ := json.Marshal(env)
		return sourceRecord{typ: "metadata", uri: uri, contentType: "application/json", block: b}
	}
	html := func(head map[string]any, links ...map[string]any) map[string]any {
		m := map[string]any{"Head": head}
		if links != nil {
			m["Links"] = links
		}
		return map[string]any{"HTML-Metadata": m}
	}
	l := func(path, u string) map[string]any { return map[string]any{"path": path, "url": u} }
	response := func(uri, msg string) sourceRecord {
		return sourceRecord{typ: "response", uri: uri, contentType: "application/http; msgtype=response", block: []byte(msg)}
	}
	return map[string][]sourceRecord{
		"wat-links.warc": {wat("https://www.example.com/dir/page.html", html(map[string]any{},
			l("A@/href", "other.html"), l("A@/href", "https://news.example.org/a?b=c#d"),
			l("IMG@/src", "/img/logo.png"), l("FORM@/action", "//forms.example.net/post"),
			map[string]any{"path": "A@/href", "href": "https://only-href.example.com/"},
			map[string]any{"path": "A@/href", "href": "relative-href-is-skipped.html"},
			l("A@/href", "mailto:someone@example.com")))},
		"wat-head-link.warc": {wat("https://example.com/", html(map[string]any{"Link": []any{
			map[string]any{"path": "LINK@/href", "url": "/style.css", "rel": "stylesheet"},
			map[string]any{"path": "LINK@/href", "url": "https://cdn.example.net/app.css", "rel": "stylesheet"},
			map[string]any{"path": "LINK@/href", "url": "https://example.com/feed.xml", "rel": "alternate"}}}))},
		"wat-base.warc": {wat("https://example.com/a/b/page", html(map[string]any{"Base": "https://static.example.org/root/",
			"Link": []any{l("LINK@/href", "icon.png")}}, l("A@/href", "next/"), l("A@/href", "../up")))},
		"wat-metas.warc": {wat("https://shop.example.com/item/1", html(map[string]any{"Metas": []any{
			map[string]any{"property": "og:url", "content": "https://shop.example.com/item/1"},
			map[string]any{"property": "og:image", "content": "https://img.example-cdn.com/1.jpg"},
			map[string]any{"property": "og:image:secure_url", "content": "/secure/1.jpg"},
			map[string]any{"name": "twitter:image", "content": "https://pbs.example.net/1.png"},
			map[string]any{"name": "msapplication-TileImage", "content": "/tile.png"},
			map[string]any{"name": "description", "content": "not a link"},
			map[string]any{"name": "generator", "content": "//generator.example.io/v1"},
			map[string]any{"property": "og:video"},
			map[string]any{"http-equiv": "refresh", "content": "0; url=https://elsewhere.example/"}}}))},
		"wat-scripts.warc": {wat("http://app.example.com/", html(map[string]any{"Scripts": []any{
			l("SCRIPT@/src", "/js/main.js"), l("SCRIPT@/src", "https://analytics.example.net/t.js")}}))},
		"wat-headers.warc": {wat("https://api.example.com/v1/", map[string]any{
			"Headers": map[string]any{
				"Link":             `<https://api.example.com/v1/?page=2>; rel="next", <https://docs.example.org/api>; rel="help"`,
				"Content-Location": []any{"/v1/index.json", "https://mirror.example.net/v1/"},
				"Content-Type":     "application/json"}})},
		"wat-nolinks.warc": {
			wat("https://quiet.example.com/", html(map[string]any{})),
			wat("https://binary.example.com/file.pdf", map[string]any{"Headers": map[string]any{"Content-Type": "application/pdf"}}),
			{typ: "metadata", uri: "https://quiet.example.com/", contentType: "application/json",
				block: []byte(`{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"request","WARC-Target-URI":"https://quiet.example.com/"}}}`)},
		},
		"warc-redirects.warc": {
			response("http://example.com/", "HTTP/1.1 301 Moved Permanently\r\nLocation: https://www.example.com/\r\n\r\n"),
			response("https://old.example.org/a", "HTTP/1.1 302 Found\r\nLocation: /b\r\nContent-Length: 0\r\n\r\n"),
			response("https://t.example.net/x", "HTTP/1.1 307 Temporary Redirect\r\nlocation: https://target.example.com/y\r\n\r\n"),
			response("https://ok.example.com/", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>no links here</p>"),
			response("https://gone.example.com/", "HTTP/1.1 404 Not Found\r\nContent-Type: text/html\r\n\r\n<a href=/home>home</a>"),
		},
		"robotstxt/warc-sitemaps.warc": {
			response("https://www.example.com/robots.txt", "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n"+
				"User-agent: *\r\nDisallow: /private\r\nSitemap: https://www.example.com/sitemap.xml\r\n"+
				"sitemap: https://sitemaps.example-cdn.net/example.com/index.xml\r\n"),
			response("https://blog.example.org/robots.txt", "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nSITEMAP:https://blog.example.org/sm.xml\n"),
			response("https://none.example.org/robots.txt", "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nUser-agent: *\n"),
		},
	}
}

type sourceRecord struct {
	typ, uri, contentType string
	block                 []byte
}

// TestSourceFiles keeps testdata/sources equal to sourceFiles (go test
// -run TestSourceFiles -update-sources writes them).
func TestSourceFiles(t *testing.T) {
	for name, recs := range sourceFiles() {
		var b bytes.Buffer
		w := warc.NewWriter(&b)
		for i, r := range recs {
			h := warc.Header{{Name: "WARC-Type", Value: r.typ}, {Name: "WARC-Target-URI", Value: r.uri},
				{Name: "WARC-Record-ID", Value: fmt.Sprintf("<urn:uuid:00000000-0000-0000-0000-%012d>", i)},
				{Name: "Content-Type", Value: r.contentType}}
			if err := w.WriteRecord(h, r.block); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join("testdata", "sources", name)
		if *updateSources {
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, b.Bytes()) {
			t.Errorf("%s differs from sourceFiles: run go test -run TestSourceFiles -update-sources, then testdata/ccpyspark/extract.py", path)
		}
	}
}
