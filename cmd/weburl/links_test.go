package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writePage writes an HTML file in a temporary directory and returns
// its path.
func writePage(t *testing.T, name, html string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func runLinksCmd(args []string, stdin string) (status int, stdout, stderr string) {
	var out, errb bytes.Buffer
	status = run(append([]string{"links"}, args...), strings.NewReader(stdin), &out, &errb)
	return status, out.String(), errb.String()
}

func TestLinks(t *testing.T) {
	const page = "<base href=\"https://example.com/docs/\">\n" +
		"<a href=\" intro.html \">x</a>\n" +
		"<img\n  srcset=\"a.png 1x, b.png 2x\">\n" +
		"<a href=\"http://exa mple.com/\">broken</a>\n" +
		"<a href='https://example.com/a b'>space</a>\n"
	f := writePage(t, "page.html", page)

	status, stdout, stderr := runLinksCmd([]string{f}, "")
	want := f + ":1:13\thttps://example.com/docs/\n" +
		f + ":2:11\thttps://example.com/docs/intro.html\n" +
		f + ":4:11\thttps://example.com/docs/a.png\n" +
		f + ":4:21\thttps://example.com/docs/b.png\n" +
		f + ":5:10\terror: url: parse \"http://exa mple.com/\": domain-to-ASCII (Unicode ToASCII failed on the domain) at offset 10\n" +
		f + ":6:10\thttps://example.com/a%20b\n"
	if status != 1 || stdout != want || stderr != "" {
		t.Errorf("status %d, stdout\n%s\nstderr %q\nwant status 1, stdout\n%s", status, stdout, stderr, want)
	}

	// -v: each validation error at its own line:col.
	_, stdout, _ = runLinksCmd([]string{"-v", f}, "")
	if w := f + ":6:31\tvalidation error: invalid-URL-unit in \"https://example.com/a b\"\n"; !strings.Contains(stdout, w) {
		t.Errorf("-v: stdout lacks %q:\n%s", w, stdout)
	}
	if strings.Count(stdout, "validation error") != 1 {
		t.Errorf("-v: want exactly one validation error line (the fatal one is the error line):\n%s", stdout)
	}

	// -json: one object per link.
	status, stdout, _ = runLinksCmd([]string{"-json", "-v", f}, "")
	var got []linkResult
	for line := range strings.Lines(stdout) {
		var r linkResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		got = append(got, r)
	}
	if status != 1 || len(got) != 6 {
		t.Fatalf("-json: status %d, %d objects, want 1 and 6", status, len(got))
	}
	if r := got[2]; r.File != f || r.Line != 4 || r.Col != 11 || r.Tag != "img" || r.Attr != "srcset" || r.Raw != "a.png" || r.Href != "https://example.com/docs/a.png" {
		t.Errorf("-json: srcset object = %+v", r)
	}
	if r := got[4]; r.Error == "" || r.Href != "" {
		t.Errorf("-json: failing link = %+v", r)
	}
	if r := got[5]; len(r.ValidationErrors) != 1 || r.ValidationErrors[0] != (linkValidationError{"invalid-URL-unit", 6, 31, r.Offset + 21}) {
		t.Errorf("-json: validation errors = %+v", r.ValidationErrors)
	}
}

// TestLinksDocumentURL: a file's links resolve against its file: URL,
// -base replaces it; "-" reads stdin and needs -base.
func TestLinksDocumentURL(t *testing.T) {
	f := writePage(t, "a #1%.html", `<a href="b.html">`)
	dir := filepath.ToSlash(filepath.Dir(f))
	status, stdout, _ := runLinksCmd([]string{f}, "")
	if want := f + ":1:10\tfile://" + dir + "/b.html\n"; status != 0 || stdout != want {
		t.Errorf("file: status %d, stdout %q, want 0, %q", status, stdout, want)
	}
	if u, err := fileURL(f); err != nil || !strings.HasSuffix(u, "/a%20%231%25.html") && !strings.HasSuffix(u, "/a %231%25.html") {
		t.Errorf("fileURL(%q) = %q, %v", f, u, err)
	}

	_, stdout, _ = runLinksCmd([]string{"-base", "https://example.com/x/", f}, "")
	if want := f + ":1:10\thttps://example.com/x/b.html\n"; stdout != want {
		t.Errorf("-base: stdout %q, want %q", stdout, want)
	}

	status, stdout, _ = runLinksCmd([]string{"-base", "https://example.com/x/", "-"}, "\uFEFF<img src=i.png>")
	if want := "-:1:10\thttps://example.com/x/i.png\n"; status != 0 || stdout != want {
		t.Errorf("stdin: status %d, stdout %q, want 0, %q", status, stdout, want)
	}

	status, _, stderr := runLinksCmd([]string{"-"}, "<a href=x>")
	if status != 2 || !strings.Contains(stderr, "needs -base") {
		t.Errorf("stdin without -base: status %d, stderr %q", status, stderr)
	}
	status, _, stderr = runLinksCmd([]string{"-base", "nope", f}, "")
	if status != 2 || !strings.Contains(stderr, "invalid -base") {
		t.Errorf("bad -base: status %d, stderr %q", status, stderr)
	}
	status, _, stderr = runLinksCmd(nil, "")
	if status != 2 || !strings.Contains(stderr, "no FILE or URL") {
		t.Errorf("no arguments: status %d, stderr %q", status, stderr)
	}
}

// TestLinksMissingFile: a page that cannot be read is reported, the
// others are still read, and the status is 1.
func TestLinksMissingFile(t *testing.T) {
	f := writePage(t, "ok.html", `<a href="https://example.com/">`)
	missing := filepath.Join(t.TempDir(), "missing.html")
	status, stdout, stderr := runLinksCmd([]string{missing, f}, "")
	if status != 1 || !strings.Contains(stderr, "missing.html") || stdout != f+":1:10\thttps://example.com/\n" {
		t.Errorf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
}

// TestLinksFetch: an http URL is fetched, a redirect followed, and the
// page's links resolve against the URL finally fetched; a status other
// than 200 is an error. The server is on 127.0.0.1, which -allow lets
// the guard reach.
func TestLinksFetch(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/old/", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/new/page.html", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/new/page.html", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "<p>\n<a href=next.html>next</a>")
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	status, stdout, stderr := runLinksCmd([]string{"-allow", "127.0.0.1/32", srv.URL + "/old/"}, "")
	if want := srv.URL + "/old/:2:9\t" + srv.URL + "/new/next.html\n"; status != 0 || stdout != want {
		t.Errorf("status %d, stdout %q, stderr %q; want 0, %q", status, stdout, stderr, want)
	}
	status, _, stderr = runLinksCmd([]string{"-allow", "127.0.0.1/32", srv.URL + "/missing"}, "")
	if status != 1 || !strings.Contains(stderr, "404") {
		t.Errorf("404: status %d, stderr %q", status, stderr)
	}
}

// TestLinksWriteError: a failing writer ends links with status 1.
func TestLinksWriteError(t *testing.T) {
	f := writePage(t, "p.html", strings.Repeat("<a href=x>", 10000))
	var stderr bytes.Buffer
	if status := run([]string{"links", f}, nil, failWriter{}, &stderr); status != 1 {
		t.Errorf("status = %d, want 1", status)
	}
	if !strings.Contains(stderr.String(), "writing standard output") {
		t.Errorf("stderr = %q", stderr.String())
	}
}

// TestLinksMax: a page past -max is an error, not a truncated page
// whose links would silently be missing; the links before it are
// printed.
func TestLinksMax(t *testing.T) {
	f := writePage(t, "big.html", strings.Repeat("<a href=x>", 300))
	status, stdout, stderr := runLinksCmd([]string{"-max", "2000", f}, "")
	if status != 1 || !strings.Contains(stderr, "larger than 2000 bytes") || strings.Count(stdout, "\n") != 200 {
		t.Errorf("status %d, %d lines, stderr %q", status, strings.Count(stdout, "\n"), stderr)
	}
	if status, _, stderr := runLinksCmd([]string{"-max", "3000", f}, ""); status != 0 {
		t.Errorf("at the limit: status %d, stderr %q", status, stderr)
	}
}

// TestLinksLong: -l adds each link's kind, element and attribute; the
// page's charset comes from -charset (columns count the bytes of the
// file: 検 is two bytes in it, three decoded).
func TestLinksLong(t *testing.T) {
	f := writePage(t, "k.html", "<a href=/a><img src=\x8c\x9f.png><style>p{background:url(b.png)}</style>")
	status, stdout, stderr := runLinksCmd([]string{"-l", "-charset", "shift_jis", "-base", "https://example.jp/", f}, "")
	want := f + ":1:9\thttps://example.jp/a\tnavigation\ta\thref\n" +
		f + ":1:21\thttps://example.jp/%E6%A4%9C.png\tsubresource\timg\tsrc\n" +
		f + ":1:52\thttps://example.jp/b.png\tsubresource\tstyle\t\n"
	if status != 0 || stdout != want {
		t.Errorf("status %d, stderr %q, stdout\n%s\nwant\n%s", status, stderr, stdout, want)
	}
}

// TestLinksFetchGuard: a fetch refuses loopback addresses, by address
// or by name, and a redirect to one from an allowed address; -allow
// lets a prefix through. Every server here is on loopback.
func TestLinksFetchGuard(t *testing.T) {
	refused := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "<a href=/secret>")
	}))
	defer refused.Close()
	// A second loopback address, 127.0.0.2, that -allow does not cover.
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("no 127.0.0.2: %v", err)
	}
	other := &httptest.Server{Listener: ln, Config: &http.Server{Handler: refused.Config.Handler}}
	other.Start()
	defer other.Close()
	redirector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/", http.StatusFound)
	}))
	defer redirector.Close()
	_, port, _ := net.SplitHostPort(refused.Listener.Addr().String())

	for _, tc := range []struct {
		name string
		args []string
	}{
		{"loopback address", []string{refused.URL + "/"}},
		{"localhost", []string{"http://localhost:" + port + "/"}},
		{"redirect to a refused address", []string{"-allow", "127.0.0.1/32", redirector.URL + "/"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, stdout, stderr := runLinksCmd(tc.args, "")
			if status != 1 || stdout != "" || !strings.Contains(stderr, "not globally reachable") {
				t.Errorf("status %d, stdout %q, stderr %q; want a refusal", status, stdout, stderr)
			}
		})
	}
	status, stdout, stderr := runLinksCmd([]string{"-allow", "127.0.0.0/8", redirector.URL + "/"}, "")
	if status != 0 || !strings.Contains(stdout, other.URL+"/secret") {
		t.Errorf("allowed: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
}

// TestLinksDefaultCharset: -default-charset is the encoding of a page
// that declares none; -charset and a <meta> still come first.
func TestLinksDefaultCharset(t *testing.T) {
	f := writePage(t, "d.html", "<a href=/?q=\x8c\x9f>")
	m := writePage(t, "m.html", "<meta charset=windows-1252><a href=/?q=\x8c\x9f>")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-default-charset", "shift_jis", f}, "https://example.jp/?q=%8C%9F"},
		{[]string{"-default-charset", "utf-8", f}, "https://example.jp/?q=%EF%BF%BD%EF%BF%BD"},
		{[]string{f}, "https://example.jp/?q=%8C%9F"},
		{[]string{"-default-charset", "utf-8", m}, "https://example.jp/?q=%8C%9F"},
		{[]string{"-default-charset", "utf-8", "-charset", "shift_jis", f}, "https://example.jp/?q=%8C%9F"},
	} {
		status, stdout, stderr := runLinksCmd(append([]string{"-base", "https://example.jp/"}, tc.args...), "")
		if status != 0 || !strings.HasSuffix(strings.TrimSpace(stdout), "\t"+tc.want) {
			t.Errorf("%v: status %d, stderr %q, stdout %q, want %s", tc.args, status, stderr, stdout, tc.want)
		}
	}
}
