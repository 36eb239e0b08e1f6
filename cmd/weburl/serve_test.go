package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	neturl "net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	url "github.com/weburl/url"
)

// newRequest is httptest.NewRequest for the viewer on localhost:8080
// (httptest's Host, example.com, the viewer refuses on loopback).
func newRequest(method, target string, body io.Reader) *http.Request {
	req := httptest.NewRequest(method, target, body)
	req.Host = "localhost:8080"
	return req
}

// getParse asks the viewer's handler for /api/parse of input and base
// and decodes the answer; it fails the test unless the status is 200.
func getParse(t *testing.T, h http.Handler, input, base string) *parseResponse {
	t.Helper()
	q := neturl.Values{"url": {input}, "base": {base}}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, newRequest("GET", "/api/parse?"+q.Encode(), nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
	var resp parseResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &resp); err != nil {
		t.Fatalf("decoding %s: %v", rec.Body, err)
	}
	return &resp
}

// TestServeParse: the JSON endpoint gives weburl's components, the
// validation errors with their offsets in bytes and in UTF-16 code
// units, failures with their reason, the search params, and net/url's
// reading under the URL API's names.
func TestServeParse(t *testing.T) {
	h := newViewer(true)
	type verr struct {
		name             string
		offset, offset16 int
		fatal            bool
	}
	for _, tc := range []struct {
		input, base string
		ok          bool
		href        string
		hostKind    string
		errors      []verr
		params      [][2]string
		failKind    string // the fatal error's name
		failIn      string
		netHref     string // net/url's href; "" when it fails
		netHostname string
	}{
		// Components, host kind, search params; net/url agrees here.
		{input: "https://example.com/a?x=1&y=%20z#f", ok: true, href: "https://example.com/a?x=1&y=%20z#f", hostKind: "domain",
			params: [][2]string{{"x", "1"}, {"y", " z"}}, netHref: "https://example.com/a?x=1&y=%20z#f", netHostname: "example.com"},
		// Relative input against a base.
		{input: "../c?q", base: "https://example.com/a/b/", ok: true, href: "https://example.com/a/c?q", hostKind: "domain",
			params: [][2]string{{"q", ""}}, netHref: "https://example.com/a/c?q", netHostname: "example.com"},
		// Offsets after a two-byte code point: byte 20 is UTF-16 index 19.
		{input: "https://ü.example/a b", ok: true, href: "https://xn--tda.example/a%20b", hostKind: "domain",
			errors:  []verr{{"invalid-URL-unit", 20, 19, false}},
			netHref: "https://%C3%BC.example/a%20b", netHostname: "ü.example"},
		// After a code point outside the BMP (4 bytes, 2 code units).
		{input: "https://example.com/😀 x", ok: true, href: "https://example.com/%F0%9F%98%80%20x", hostKind: "domain",
			errors:  []verr{{"invalid-URL-unit", 24, 22, false}},
			netHref: "https://example.com/%F0%9F%98%80%20x", netHostname: "example.com"},
		// IPv6: net/url's Hostname drops the brackets.
		{input: "http://[::1]:8080/", ok: true, href: "http://[::1]:8080/", hostKind: "ipv6",
			netHref: "http://[::1]:8080/", netHostname: "::1"},
		// A fatal error: the failure names it and where.
		{input: "http://ü.example:99999/", ok: false, failKind: "port-out-of-range", failIn: "input",
			errors:  []verr{{"port-out-of-range", 18, 17, true}},
			netHref: "http://%C3%BC.example:99999/", netHostname: "ü.example"},
		// A base that fails.
		{input: "x", base: "not a base", ok: false, failKind: "missing-scheme-non-relative-URL", failIn: "base",
			netHref: "/x"},
		// Both fail, each with its own reason.
		{input: "http://a b/", ok: false, failKind: "domain-to-ASCII", failIn: "input",
			errors: []verr{{"domain-to-ASCII", 8, 8, true}}},
	} {
		t.Run(tc.input+" against "+tc.base, func(t *testing.T) {
			r := getParse(t, h, tc.input, tc.base)
			w := r.WebURL
			if r.Input != tc.input || r.Base != tc.base {
				t.Errorf("input, base = %q, %q", r.Input, r.Base)
			}
			if w.OK != tc.ok || w.Href != tc.href || w.HostKind != tc.hostKind {
				t.Errorf("weburl = %+v, want ok %v href %q host kind %q", w, tc.ok, tc.href, tc.hostKind)
			}
			if w.ErrorKind != tc.failKind || w.ErrorIn != tc.failIn {
				t.Errorf("failure %q in %q, want %q in %q", w.ErrorKind, w.ErrorIn, tc.failKind, tc.failIn)
			}
			if !tc.ok && !strings.Contains(w.Error, tc.failKind) {
				t.Errorf("error %q does not name %s", w.Error, tc.failKind)
			}
			var got []verr
			for _, e := range r.ValidationErrors {
				got = append(got, verr{e.Name, e.Offset, e.Offset16, e.Fatal})
				if e.Gloss == "" || e.Gloss == e.Name || !strings.HasPrefix(e.Link, specURL+"#") {
					t.Errorf("error %s: gloss %q, link %q", e.Name, e.Gloss, e.Link)
				}
			}
			if !slices.Equal(got, tc.errors) {
				t.Errorf("validation errors = %v, want %v", got, tc.errors)
			}
			if tc.failIn == "input" && (w.ErrorOffset != tc.errors[len(tc.errors)-1].offset || w.ErrorOffset16 != tc.errors[len(tc.errors)-1].offset16) {
				t.Errorf("failure at %d (UTF-16 %d), want the fatal error's offsets", w.ErrorOffset, w.ErrorOffset16)
			}
			if !slices.Equal(r.SearchParams, tc.params) && !(len(r.SearchParams) == 0 && len(tc.params) == 0) {
				t.Errorf("search params = %q, want %q", r.SearchParams, tc.params)
			}
			n := r.NetURL
			if n.OK != (tc.netHref != "") || n.Href != tc.netHref || n.Hostname != tc.netHostname {
				t.Errorf("net/url = %+v, want href %q hostname %q", n, tc.netHref, tc.netHostname)
			}
			if !n.OK && n.Error == "" {
				t.Error("net/url failed with no reason")
			}
			if n.OK && !slices.Equal(n.NotApplicable, []string{"origin", "hostKind"}) {
				t.Errorf("net/url's fields not applicable = %q", n.NotApplicable)
			}
		})
	}
}

// TestServeParseAgreesWithLibrary: weburl's column is the library's
// reading, field by field.
func TestServeParseAgreesWithLibrary(t *testing.T) {
	h := newViewer(false)
	for _, input := range []string{"HTTPS://EXAMPLE.com:443/a/./b/../c?q=1 2#frag", "mailto:x@y", "file:///C:/x", "sc://H%41/p?q#", "http://0x7f.1/"} {
		r := getParse(t, h, input, "")
		u, err := url.Parse(input)
		if err != nil {
			t.Fatal(err)
		}
		w := r.WebURL
		got := []string{w.Href, w.Origin, w.Protocol, w.Username, w.Password, w.Host, w.Hostname, w.Port, w.Pathname, w.Search, w.Hash, w.HostKind}
		want := []string{u.Href(), u.Origin(), u.Protocol(), u.Username(), u.Password(), u.Host(), u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash(), u.HostKind().String()}
		if !slices.Equal(got, want) {
			t.Errorf("%q: viewer %q, library %q", input, got, want)
		}
	}
}

// TestServeNetURLFields: net/url's fields as the page maps them.
func TestServeNetURLFields(t *testing.T) {
	n := netURLOutcome("http://us%20er:p%40ss@[::1]:80/a%2Fb?#", "")
	want := parseOutcome{OK: true, components: components{Href: "http://us%20er:p%40ss@[::1]:80/a%2Fb?", Protocol: "http:", Username: "us%20er", Password: "p%40ss",
		Host: "[::1]:80", Hostname: "::1", Port: "80", Pathname: "/a%2Fb", Search: "?"}, NotApplicable: []string{"origin", "hostKind"}}
	if !reflect.DeepEqual(n, want) {
		t.Errorf("net/url = %+v\nwant %+v", n, want)
	}
	n = netURLOutcome("mailto:a@b#x%20y", "")
	if n.Pathname != "a@b" || n.Hash != "#x%20y" {
		t.Errorf("opaque: pathname %q, hash %q", n.Pathname, n.Hash)
	}
	if n := netURLOutcome("x", "http://a b/"); n.OK || n.ErrorIn != "base" {
		t.Errorf("bad base: %+v", n)
	}
}

// TestServeHeaders: every answer, page, asset, API, error, carries the
// security headers, and the strict policy allows no inline script.
func TestServeHeaders(t *testing.T) {
	h := newViewer(true)
	for _, tc := range []struct {
		method, target, host string
		status               int
		contentType          string
	}{
		{"GET", "/", "localhost:8080", 200, "text/html; charset=utf-8"},
		{"GET", "/?url=x&base=y", "127.0.0.1:8080", 200, "text/html; charset=utf-8"},
		{"GET", "/viewer.css", "127.0.0.1", 200, "text/css; charset=utf-8"},
		{"GET", "/viewer.js", "[::1]:1", 200, "text/javascript; charset=utf-8"},
		{"GET", "/api/parse?url=x", "localhost", 200, "application/json; charset=utf-8"},
		{"GET", "/viewer/index.html", "localhost", 404, ""},
		{"GET", "/index.html", "localhost", 404, ""},
		{"POST", "/api/parse?url=x", "localhost", 405, ""},
		{"GET", "/", "evil.example", 421, ""},
	} {
		t.Run(tc.method+" "+tc.target+" "+tc.host, func(t *testing.T) {
			req := newRequest(tc.method, tc.target, nil)
			req.Host = tc.host
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Errorf("status = %d, want %d", rec.Code, tc.status)
			}
			hd := rec.Header()
			if tc.contentType != "" && hd.Get("Content-Type") != tc.contentType {
				t.Errorf("Content-Type = %q, want %q", hd.Get("Content-Type"), tc.contentType)
			}
			for name, want := range map[string]string{
				"Content-Security-Policy": contentSecurityPolicy,
				"X-Content-Type-Options":  "nosniff",
				"Referrer-Policy":         "no-referrer",
				"X-Frame-Options":         "DENY",
			} {
				if got := hd.Get(name); got != want {
					t.Errorf("%s = %q, want %q", name, got, want)
				}
			}
		})
	}
	for _, bad := range []string{"unsafe-inline", "unsafe-eval", "*", "data:", "http:"} {
		if strings.Contains(contentSecurityPolicy, bad) {
			t.Errorf("the CSP allows %s", bad)
		}
	}
	for _, want := range []string{"default-src 'none'", "script-src 'self';", "require-trusted-types-for 'script'"} {
		if !strings.Contains(contentSecurityPolicy, want) {
			t.Errorf("the CSP lacks %s", want)
		}
	}
}

// TestServeMethods: only GET and HEAD; HEAD has no body.
func TestServeMethods(t *testing.T) {
	h := newViewer(true)
	for _, m := range []string{"POST", "PUT", "DELETE", "OPTIONS", "PATCH"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, newRequest(m, "/api/parse?url=x", nil))
		if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET, HEAD" {
			t.Errorf("%s: status %d, Allow %q", m, rec.Code, rec.Header().Get("Allow"))
		}
	}
	for _, target := range []string{"/", "/api/parse?url=x"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, newRequest("HEAD", target, nil))
		if rec.Code != http.StatusOK || rec.Body.Len() != 0 {
			t.Errorf("HEAD %s: status %d, %d bytes of body", target, rec.Code, rec.Body.Len())
		}
	}
}

// TestServeHostCheck: on loopback the viewer answers only requests for
// a loopback name (against DNS rebinding); bound elsewhere, any Host.
func TestServeHostCheck(t *testing.T) {
	for _, tc := range []struct {
		host string
		ok   bool
	}{
		{"localhost", true}, {"LOCALHOST:8080", true}, {"localhost.:8080", true}, {"viewer.localhost:1", true},
		{"127.0.0.1:8080", true}, {"127.1.2.3", true}, {"[::1]:8080", true}, {"[::1]", true},
		{"evil.example", false}, {"evil.example:8080", false}, {"localhost.evil.example", false},
		{"10.0.0.1:8080", false}, {"[::2]:80", false}, {"", false}, {"0.0.0.0:8080", false},
	} {
		if got := loopbackHost(tc.host); got != tc.ok {
			t.Errorf("loopbackHost(%q) = %v, want %v", tc.host, got, tc.ok)
		}
		req := newRequest("GET", "/", nil)
		req.Host = tc.host
		rec := httptest.NewRecorder()
		newViewer(false).ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Errorf("not loopback-only, Host %q: status %d", tc.host, rec.Code)
		}
	}
}

// TestServeSizeBounds: an input or base of maxInput bytes is parsed, one
// byte more is refused with 413 and a JSON reason; an input that
// percent-encoding would blow up stays bounded.
func TestServeSizeBounds(t *testing.T) {
	h := newViewer(true)
	long := "https://example.com/" + strings.Repeat("a", maxInput-len("https://example.com/"))
	for _, tc := range []struct {
		name, input, base string
		status            int
	}{
		{"input at the bound", long, "", 200},
		{"base at the bound", "x", long, 200},
		{"input over", long + "a", "", 413},
		{"base over", "x", long + "a", 413},
		// 8 KiB of U+FFFD encode to 72 KiB: within maxHref.
		{"encoding growth", "https://example.com/" + strings.Repeat("\uFFFD", (maxInput-20)/3), "", 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := neturl.Values{"url": {tc.input}, "base": {tc.base}}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, newRequest("GET", "/api/parse?"+q.Encode(), nil))
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d", rec.Code, tc.status)
			}
			var resp map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &resp); err != nil {
				t.Fatal(err)
			}
			if tc.status != 200 && !strings.Contains(resp["error"].(string), "at most") {
				t.Errorf("reason = %v", resp["error"])
			}
			if tc.status == 200 && resp["weburl"].(map[string]any)["ok"] != true {
				t.Errorf("weburl failed: %v", resp["weburl"])
			}
		})
	}
	if maxRequestLine < 2*3*maxInput {
		t.Errorf("maxRequestLine %d cannot hold two percent-encoded inputs of %d bytes", maxRequestLine, maxInput)
	}
}

// TestServeBadQuery: a query that is not form-encoded is a 400 with a
// JSON reason.
func TestServeBadQuery(t *testing.T) {
	rec := httptest.NewRecorder()
	newViewer(true).ServeHTTP(rec, newRequest("GET", "/api/parse?url=%zz", nil))
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"error"`) {
		t.Errorf("status %d, body %s", rec.Code, rec.Body)
	}
}

// TestServeJSONEscapesHTML: values holding markup go out as JSON text
// (encoding/json escapes <, > and &), never as markup.
func TestServeJSONEscapesHTML(t *testing.T) {
	q := neturl.Values{"url": {`https://x/"><img src=x onerror=alert(1)><script>alert(1)</script>`}}
	rec := httptest.NewRecorder()
	newViewer(true).ServeHTTP(rec, newRequest("GET", "/api/parse?"+q.Encode(), nil))
	if bytes.Contains(rec.Body.Bytes(), []byte("<")) || bytes.Contains(rec.Body.Bytes(), []byte(">")) {
		t.Errorf("raw markup in %s", rec.Body)
	}
}

// TestUTF16Offset converts byte offsets to JavaScript string indices.
func TestUTF16Offset(t *testing.T) {
	for _, tc := range []struct {
		s         string
		off, want int
	}{
		{"abc", 0, 0}, {"abc", 2, 2}, {"abc", 3, 3}, {"abc", 9, 3}, {"abc", -1, 0},
		{"ü/x", 2, 1}, {"ü/x", 3, 2},
		{"€x", 3, 1},               // three bytes, one unit
		{"😀x", 4, 2}, {"😀x", 5, 3}, // four bytes, a surrogate pair
		{"a\xffb", 2, 2},       // an invalid byte is one U+FFFD
		{"\xf0\x9f\x98", 3, 3}, // a cut sequence: one U+FFFD a byte
	} {
		if got := utf16Offset(tc.s, tc.off); got != tc.want {
			t.Errorf("utf16Offset(%q, %d) = %d, want %d", tc.s, tc.off, got, tc.want)
		}
	}
}

// TestErrorGlossAndAnchor: every validation error has a gloss and a
// link to its definition.
func TestErrorGlossAndAnchor(t *testing.T) {
	for _, k := range url.ErrorKinds() {
		if g := errorGloss(k); g == k.String() || !strings.HasSuffix(g, ".") {
			t.Errorf("%s: gloss %q", k, g)
		}
		if a := errorAnchor(k); a == "" || strings.ToLower(a) != a || strings.ContainsAny(a, " #") {
			t.Errorf("%s: anchor %q", k, a)
		}
	}
	if a := errorAnchor(url.DomainToASCII); a != "validation-error-domain-to-ascii" {
		t.Errorf("domain-to-ASCII's anchor = %q", a)
	}
}

// TestViewerAssets: the page loads its script and style from the viewer
// (no inline script or style, which the CSP would block anyway, no
// external resource), and the script writes no HTML.
func TestViewerAssets(t *testing.T) {
	page, err := viewerFiles.ReadFile("viewer/index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<script src="viewer.js" defer></script>`, `<link rel="stylesheet" href="viewer.css">`, `name="viewport"`} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	if n := bytes.Count(page, []byte("<script")); n != 1 {
		t.Errorf("index.html has %d script elements, want 1", n)
	}
	for _, bad := range []string{"<style", "style=", "onload=", "onclick=", "src=\"http", "href=\"//"} {
		if bytes.Contains(page, []byte(bad)) {
			t.Errorf("index.html contains %s", bad)
		}
	}
	js, err := viewerFiles.ReadFile("viewer/viewer.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"} {
		if bytes.Contains(js, []byte(bad)) {
			t.Errorf("viewer.js uses %s", bad)
		}
	}
}

// TestServeUsage: serve takes no arguments, and reports an address it
// cannot listen on.
func TestServeUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if st := run([]string{"serve", "extra"}, nil, &stdout, &stderr); st != 2 || !strings.Contains(stderr.String(), "unexpected arguments") {
		t.Errorf("status %d, stderr %q", st, stderr.String())
	}
	stderr.Reset()
	if st := run([]string{"serve", "-addr", "256.0.0.1:x"}, nil, &stdout, &stderr); st != 1 || !strings.Contains(stderr.String(), "weburl: serve:") {
		t.Errorf("status %d, stderr %q", st, stderr.String())
	}
	stdout.Reset()
	if st := run([]string{"serve", "-h"}, nil, &stdout, io.Discard); st != 0 || !strings.Contains(stdout.String(), "-addr") {
		t.Errorf("-h: status %d, stdout %q", st, stdout.String())
	}
}
