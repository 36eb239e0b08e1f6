package main

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	neturl "net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	url "github.com/weburl/url"
)

// The viewer's page, its style sheet and its script: embedded, so that
// the binary serves them offline, with no build step.
//
//go:embed viewer/index.html viewer/viewer.css viewer/viewer.js
var viewerFiles embed.FS

// maxInput is the longest input, and the longest base, in bytes, that
// the viewer parses; a request with a longer one gets 413. The page's
// fields hold as many UTF-16 code units, which may be up to three times
// as many bytes: the page says so when the server refuses.
const maxInput = 8 << 10

// maxHref bounds the href the viewer builds from an input of at most
// maxInput bytes (percent-encoding makes an href up to nine times as long
// as its input): url.Parser.MaxLength.
const maxHref = 9 * maxInput

// maxRequestLine bounds the request line and headers: the query holds
// the input and the base, percent-encoded (three bytes a byte), and
// room for the rest.
const maxRequestLine = 2*3*maxInput + 4<<10

// specURL is where the URL Standard's validation errors are defined;
// each kind has its anchor there (errorAnchor).
const specURL = "https://url.spec.whatwg.org/"

// contentSecurityPolicy is sent with every response: scripts, styles
// and fetches only from the viewer itself, no inline script, no
// framing, and Trusted Types required, so that no string can reach an
// HTML sink (the page writes every value with textContent).
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; " +
	"img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; " +
	"require-trusted-types-for 'script'; trusted-types 'none'"

// runServe is the serve subcommand: it serves the viewer until
// interrupted.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", "weburl serve [-addr HOST:PORT]",
		"Serves the URL viewer: a page that shows how weburl, the browser it runs in and Go's net/url read a URL,\n"+
			"with the URL Standard's validation errors marked in the input. It binds to the loopback interface\n"+
			"unless -addr names another; on loopback it answers only requests whose Host is a loopback name.", stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "the `address` to listen on; port 0 picks a free port")
	if status := parseFlags(fs, args, stdout); status >= 0 {
		return status
	}
	if fs.NArg() > 0 {
		return usageError(fs, "unexpected arguments: %q", fs.Args())
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "weburl: serve: %v\n", err)
		return 1
	}
	loopback := isLoopbackAddr(ln.Addr())
	srv := &http.Server{
		Handler:           newViewer(loopback),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      10 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    maxRequestLine,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	// The first line of output says where to go (tests read the port
	// from it when -addr asks for port 0).
	if _, err := fmt.Fprintf(stdout, "weburl: serving the URL viewer on http://%s/\n", ln.Addr()); err != nil {
		ln.Close()
		return writeFailed(stderr, err)
	}
	if !loopback {
		fmt.Fprintf(stderr, "weburl: serve: %s is not a loopback address: the viewer is reachable from other machines\n", ln.Addr())
	}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "weburl: serve: %v\n", err)
		return 1
	}
	return 0
}

// isLoopbackAddr reports whether a is a loopback IP address.
func isLoopbackAddr(a net.Addr) bool {
	tcp, ok := a.(*net.TCPAddr)
	return ok && tcp.IP.IsLoopback()
}

// viewer is the viewer's HTTP handler.
type viewer struct {
	// loopbackOnly makes the viewer refuse a request whose Host header
	// is not a loopback name or address: a page on another site that
	// rebinds its DNS name to 127.0.0.1 then cannot read the viewer.
	loopbackOnly bool
}

// newViewer returns the viewer's handler. With loopbackOnly, it answers
// only requests addressed to localhost or a loopback IP.
func newViewer(loopbackOnly bool) http.Handler {
	return &viewer{loopbackOnly: loopbackOnly}
}

// staticFile returns the file of viewerFiles the viewer serves at path,
// and its type; ok is false if there is none.
func staticFile(path string) (file, contentType string, ok bool) {
	switch path {
	case "/":
		return "viewer/index.html", "text/html; charset=utf-8", true
	case "/viewer.css":
		return "viewer/viewer.css", "text/css; charset=utf-8", true
	case "/viewer.js":
		return "viewer/viewer.js", "text/javascript; charset=utf-8", true
	}
	return "", "", false
}

func (v *viewer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	if v.loopbackOnly && !loopbackHost(r.Host) {
		http.Error(w, "weburl serve answers only requests for localhost or a loopback address", http.StatusMisdirectedRequest)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if r.URL.Path == "/api/parse" {
		v.serveParse(w, r)
		return
	}
	file, contentType, ok := staticFile(r.URL.Path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	b, err := viewerFiles.ReadFile(file)
	if err != nil { // cannot happen: the files are embedded
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	h.Set("Content-Type", contentType)
	h.Set("Cache-Control", "no-cache")
	if r.Method == http.MethodGet {
		w.Write(b)
	}
}

// loopbackHost reports whether host (a Host header, with or without a
// port) names the loopback interface: localhost, a name under
// .localhost, or a loopback IP literal.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// parseResponse is the JSON answer of /api/parse.
type parseResponse struct {
	Input  string       `json:"input"`
	Base   string       `json:"base"`
	WebURL parseOutcome `json:"weburl"`
	// ValidationErrors are the URL Standard's validation errors in the
	// input (none are reported for the base), the first
	// url.MaxValidationErrors of them; the fatal one, if the parse
	// failed, is the last.
	ValidationErrors     []viewerValidationError `json:"validationErrors"`
	MoreValidationErrors int                     `json:"moreValidationErrors"`
	// SearchParams are the URL's query as name-value pairs.
	SearchParams [][2]string  `json:"searchParams"`
	NetURL       parseOutcome `json:"netURL"`
}

// parseOutcome is one parser's reading of the input: the URL API's
// components, or why it failed.
type parseOutcome struct {
	OK bool `json:"ok"`
	components
	HostKind string `json:"hostKind"`
	// NotApplicable names the fields this parser has no notion of
	// (net/url has no origin and no host kind).
	NotApplicable []string `json:"notApplicable,omitempty"`
	// Error is the failure's message; ErrorKind, ErrorOffset and
	// ErrorOffset16 (its offset in UTF-16 code units, as the page's
	// script counts) name the fatal validation error, if any, and ErrorIn
	// says whether the input or the base failed.
	Error         string `json:"error,omitempty"`
	ErrorKind     string `json:"errorKind,omitempty"`
	ErrorOffset   int    `json:"errorOffset,omitempty"`
	ErrorOffset16 int    `json:"errorOffset16,omitempty"`
	ErrorIn       string `json:"errorIn,omitempty"`
}

// viewerValidationError is one validation error as the page shows it.
type viewerValidationError struct {
	Name string `json:"name"`
	// Offset is the byte offset in the input (UTF-8); Offset16 the same
	// place in UTF-16 code units, as JavaScript indexes strings.
	Offset   int    `json:"offset"`
	Offset16 int    `json:"offset16"`
	Fatal    bool   `json:"fatal"`
	Gloss    string `json:"gloss"`
	Link     string `json:"link"`
}

// serveParse answers /api/parse?url=INPUT&base=BASE.
func (v *viewer) serveParse(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	q, err := neturl.ParseQuery(r.URL.RawQuery)
	if err != nil {
		jsonError(w, http.StatusBadRequest, "bad query: "+err.Error())
		return
	}
	input, base := q.Get("url"), q.Get("base")
	if len(input) > maxInput || len(base) > maxInput {
		jsonError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the input and the base may hold at most %d bytes each (UTF-8)", maxInput))
		return
	}
	resp := parseForViewer(input, base)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	b, err := json.Marshal(resp)
	if err != nil { // cannot happen: only strings, ints and bools
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if r.Method == http.MethodGet {
		w.Write(b)
	}
}

// jsonError answers with status and {"error": msg}.
func jsonError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	b, _ := json.Marshal(map[string]string{"error": msg})
	w.Write(b)
}

// parseForViewer parses input against base (none if empty) with weburl,
// collecting the validation errors, and with net/url.
func parseForViewer(input, base string) *parseResponse {
	resp := &parseResponse{Input: input, Base: base, ValidationErrors: []viewerValidationError{}, SearchParams: [][2]string{}}
	resp.NetURL = netURLOutcome(input, base)

	var baseURL *url.URL
	if base != "" {
		var err error
		if baseURL, err = (&url.Parser{MaxLength: maxHref}).Parse(base); err != nil {
			resp.WebURL = failure(err, base, "base")
			return resp
		}
	}
	log := url.ValidationLog{}
	p := url.Parser{OnValidationError: log.Add, MaxLength: maxHref}
	u, err := p.ParseRef(baseURL, input)
	for _, e := range log.Errors {
		resp.ValidationErrors = append(resp.ValidationErrors, viewerValidationError{
			Name:     e.Kind.String(),
			Offset:   e.Offset,
			Offset16: utf16Offset(input, e.Offset),
			Fatal:    e.Fatal,
			Gloss:    errorGloss(e.Kind),
			Link:     specURL + "#" + errorAnchor(e.Kind),
		})
	}
	resp.MoreValidationErrors = log.Total - len(log.Errors)
	if err != nil {
		resp.WebURL = failure(err, input, "input")
		return resp
	}
	resp.WebURL = parseOutcome{OK: true, components: componentsOf(u), HostKind: u.HostKind().String()}
	for name, value := range u.SearchParams().All() {
		resp.SearchParams = append(resp.SearchParams, [2]string{name, value})
	}
	return resp
}

// failure is the outcome of a weburl parse of s (the input or the base,
// as in says) that failed with err.
func failure(err error, s, in string) parseOutcome {
	o := parseOutcome{Error: err.Error(), ErrorIn: in}
	var ve *url.ValidationError
	if errors.As(err, &ve) {
		o.ErrorKind = ve.Kind.String()
		o.ErrorOffset = ve.Offset
		o.ErrorOffset16 = utf16Offset(s, ve.Offset)
	}
	return o
}

// utf16Offset converts the byte offset off in s to an offset in UTF-16
// code units: the index in the JavaScript string that s came from. A
// code point above U+FFFF is two code units; an invalid UTF-8 byte is
// one (U+FFFD, as the parser reads it, and as the page sends a lone
// surrogate).
func utf16Offset(s string, off int) int {
	off = min(max(off, 0), len(s))
	n := 0
	for i := 0; i < off; {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
		if r > 0xFFFF {
			n++
		}
	}
	return n
}

// netURLOutcome is Go's net/url reading of input against base: Parse,
// and with a base base.ResolveReference(ref). Its fields are mapped to
// the URL API's names as the page documents: the escaped forms of the
// user info, path and fragment; Host with the port, Hostname() without
// brackets; no origin and no host kind, which net/url does not have.
func netURLOutcome(input, base string) parseOutcome {
	u, err := neturl.Parse(input)
	if err != nil {
		return parseOutcome{Error: err.Error(), ErrorIn: "input"}
	}
	if base != "" {
		b, err := neturl.Parse(base)
		if err != nil {
			return parseOutcome{Error: err.Error(), ErrorIn: "base"}
		}
		u = b.ResolveReference(u)
	}
	o := parseOutcome{OK: true, components: components{Href: u.String(), Host: u.Host, Hostname: u.Hostname(), Port: u.Port()},
		NotApplicable: []string{"origin", "hostKind"}}
	if u.Scheme != "" {
		o.Protocol = u.Scheme + ":"
	}
	if u.User != nil {
		o.Username, o.Password, _ = strings.Cut(u.User.String(), ":")
	}
	if u.Opaque != "" {
		o.Pathname = u.Opaque
	} else {
		o.Pathname = u.EscapedPath()
	}
	if u.RawQuery != "" || u.ForceQuery {
		o.Search = "?" + u.RawQuery
	}
	if u.Fragment != "" {
		o.Hash = "#" + u.EscapedFragment()
	}
	return o
}

// errorAnchor is the id of the definition of the validation error k in
// the URL Standard: its name in lower case, but for domain-to-ASCII,
// whose plain id is the algorithm's.
func errorAnchor(k url.ErrorKind) string {
	if k == url.DomainToASCII {
		return "validation-error-domain-to-ascii"
	}
	return strings.ToLower(k.String())
}

// errorGloss is a short explanation of the validation error k, after
// the URL Standard's table ([url.ErrorKind.Description]).
func errorGloss(k url.ErrorKind) string {
	if d := k.Description(); d != "" {
		return d
	}
	return k.String()
}
