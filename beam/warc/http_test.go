package warc

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
)

func responseRecord(t *testing.T, msg string) *Record {
	t.Helper()
	var buf bytes.Buffer
	h := Header{{"WARC-Type", "response"}, {"WARC-Target-URI", "http://example.com/"}, {"Content-Type", "application/http; msgtype=response"}}
	if err := NewWriter(&buf).WriteRecord(h, []byte(msg)); err != nil {
		t.Fatal(err)
	}
	r, _ := NewReader(&buf)
	rec, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestHTTPResponse(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("<a href=/x>x</a>"))
	zw.Close()
	for _, tc := range []struct {
		name, msg, body, charset string
		html                     bool
	}{
		{"plain", "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=Shift_JIS\r\nContent-Length: 4\r\n\r\nbody", "body", "Shift_JIS", true},
		{"chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/html\r\n\r\n4\r\nbody\r\n3\r\n!!!\r\n0\r\n\r\n", "body!!!", "", true},
		{"gzip", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Type: application/xhtml+xml\r\n\r\n" + gz.String(), "<a href=/x>x</a>", "", true},
		{"no content type", "HTTP/1.0 200 OK\r\n\r\nrest", "rest", "", true},
		{"image", "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\x89PNG", "\x89PNG", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := responseRecord(t, tc.msg)
			if !rec.IsHTTPResponse() {
				t.Fatal("not an HTTP response")
			}
			resp, err := rec.HTTPResponse()
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(resp.Body)
			if err != nil || string(body) != tc.body {
				t.Fatalf("body %q, %v; want %q", body, err, tc.body)
			}
			if Charset(resp) != tc.charset || IsHTML(resp) != tc.html {
				t.Errorf("charset %q html %v", Charset(resp), IsHTML(resp))
			}
		})
	}
	for _, bad := range []string{"not http", "HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\nxx"} {
		if _, err := responseRecord(t, bad).HTTPResponse(); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	if Charset(&http.Response{Header: http.Header{"Content-Type": {"text/html; charset"}}}) != "" {
		t.Error("a malformed Content-Type gave a charset")
	}
}

func TestParseWAT(t *testing.T) {
	// The shape of a Common Crawl WAT record's JSON (abridged).
	js := `{"Container":{"Filename":"x.warc.gz"},"Envelope":{"Format":"WARC",
	 "WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"http://example.com/dir/page.html"},
	 "Payload-Metadata":{"Actual-Content-Type":"application/http; msgtype=response",
	  "HTTP-Response-Metadata":{"Response-Message":{"Status":"200"},
	   "HTML-Metadata":{"Head":{"Title":"t","Base":"/other/","Link":[{"path":"LINK@/href","url":"style.css","rel":"stylesheet"}]},
	    "Links":[{"path":"A@/href","url":"../a.html","text":"A"},{"path":"IMG@/src","url":"//cdn.example.net/i.png"}]}}}}}`
	p, err := ParseWAT(strings.NewReader(js), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if p.TargetURI != "http://example.com/dir/page.html" || p.Base != "/other/" || len(p.Links) != 3 {
		t.Fatalf("%+v", p)
	}
	if p.Links[0].Path != "LINK@/href" || p.Links[1].URL != "../a.html" || p.Links[2].Path != "IMG@/src" {
		t.Errorf("links %+v", p.Links)
	}
	if _, err := ParseWAT(strings.NewReader("{"), 1<<20); err == nil {
		t.Error("broken JSON accepted")
	}
	if _, err := ParseWAT(strings.NewReader(js), 100); err == nil {
		t.Error("a record over the limit was read")
	}
	p, err = ParseWAT(strings.NewReader(`{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"request"}}}`), 1<<20)
	if err != nil || len(p.Links) != 0 {
		t.Errorf("a request's metadata: %+v, %v", p, err)
	}
}
