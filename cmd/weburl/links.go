package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	url "github.com/weburl/url"
	"github.com/weburl/url/links"
	"github.com/weburl/url/urlnet"
)

// maxPage is the largest page links reads by default; a longer one is an
// error (-max changes it).
const maxPage = 64 << 20

// fetchTimeout bounds the fetch of a page given by its URL, redirects
// and body included.
const fetchTimeout = 30 * time.Second

// linkResult is the JSON object links prints for one link.
type linkResult struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Col    int    `json:"col"`
	Offset int    `json:"offset"`
	Tag    string `json:"tag"`
	Attr   string `json:"attr"`
	Kind   string `json:"kind"`
	Raw    string `json:"raw"`
	Href   string `json:"href,omitempty"`
	Error  string `json:"error,omitempty"`
	// ValidationErrors are the link's validation errors (with -v), each
	// at its place in the file.
	ValidationErrors     []linkValidationError `json:"validationErrors,omitempty"`
	MoreValidationErrors int                   `json:"moreValidationErrors,omitempty"`
}

type linkValidationError struct {
	Name   string `json:"name"`
	Line   int    `json:"line"`
	Col    int    `json:"col"`
	Offset int    `json:"offset"` // in the file
}

// linksOptions are the links subcommand's options.
type linksOptions struct {
	base    string
	x       links.LinkExtractor
	allow   []netip.Prefix // addresses a fetch may reach although not public
	timeout time.Duration
}

// runLinks is the links subcommand.
func runLinks(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("links", "weburl links [-base URL] [-charset LABEL] [-default-charset LABEL] [-json] [-l] [-v] [-max BYTES] [-allow PREFIX] [-timeout D] FILE|URL|-...",
		"Prints the links of each HTML page, resolved as browsers resolve them, as FILE:LINE:COL<TAB>HREF\n"+
			"(with -l, then <TAB>KIND<TAB>TAG<TAB>ATTR: KIND is navigation, subresource or reference).\n"+
			"A FILE's document URL is its file: URL; \"-\" is standard input (needs -base).\n"+
			"The page's encoding is sniffed as browsers do (byte order mark, -charset or the HTTP charset,\n"+
			"<meta charset>, else -default-charset, windows-1252 unless set: use -default-charset utf-8\n"+
			"for sites whose pages are UTF-8 when they do not say), and\n"+
			"queries are encoded in it. Pages are read as they stream, up to -max bytes.\n"+
			"An http(s) URL is fetched through a guard: only globally reachable addresses are dialed\n"+
			"(no loopback, private, link-local or cloud metadata address, whatever the name resolves to,\n"+
			"redirects included; -allow adds prefixes), no proxy, at most 10 redirects, within -timeout.", stderr)
	var o linksOptions
	fs.StringVar(&o.base, "base", "", "the document URL of the pages (their links resolve against it, or against their <base href>)")
	fs.StringVar(&o.x.Charset, "charset", "", "the pages' encoding, as a transport's charset (an Encoding Standard label); a byte order mark still wins")
	fs.StringVar(&o.x.DefaultCharset, "default-charset", "", "the encoding of a page that declares none (no byte order mark, charset or <meta>): a browser's locale default; windows-1252 if unset")
	asJSON := fs.Bool("json", false, "print one JSON object per link")
	long := fs.Bool("l", false, "also print each link's kind, element and attribute")
	fs.BoolVar(&o.x.Validate, "v", false, "also print the validation errors of each link, each at its line:col")
	fs.Int64Var(&o.x.MaxBytes, "max", maxPage, "the longest page read, in bytes (0: no limit)")
	fs.DurationVar(&o.timeout, "timeout", fetchTimeout, "the time limit of a fetch, redirects and body included")
	fs.Func("allow", "an address prefix (10.0.0.0/8) that a fetch may reach although it is not globally reachable; repeatable", func(s string) error {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return err
		}
		o.allow = append(o.allow, p)
		return nil
	})
	if status := parseFlags(fs, args, stdout); status >= 0 {
		return status
	}
	if fs.NArg() == 0 {
		return usageError(fs, "no FILE or URL")
	}
	if o.base != "" && !url.CanParse(o.base) {
		_, err := url.Parse(o.base)
		fmt.Fprintf(stderr, "weburl: invalid -base: %v\n", err)
		return 2
	}
	for _, a := range fs.Args() {
		if a == "-" && o.base == "" {
			return usageError(fs, "reading standard input (\"-\") needs -base, the document's URL")
		}
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	status := 0
	for _, name := range fs.Args() {
		err := pageLinks(o, name, stdin, func(l *links.Link) error {
			if l.Err != nil {
				status = 1
			}
			switch {
			case *asJSON:
				writeLinkJSON(out, name, l)
			default:
				writeLink(out, name, l, *long)
			}
			_, err := out.Write(nil)
			return err
		})
		var we writeError
		if errors.As(err, &we) {
			return writeFailed(stderr, we.error)
		}
		if err != nil {
			status = 1
			out.Flush()
			fmt.Fprintf(stderr, "weburl: %s: %v\n", name, err)
		}
	}
	if err := out.Flush(); err != nil {
		return writeFailed(stderr, err)
	}
	return status
}

// writeError is an error of writing the output, which ends links.
type writeError struct{ error }

// pageLinks calls f with each link of the page name, as it is read: a
// file, "-" for stdin, or an http: or https: URL, fetched.
func pageLinks(o linksOptions, name string, stdin io.Reader, f func(*links.Link) error) error {
	if name == "-" {
		return eachLink(o.x, stdin, o.base, f)
	}
	if strings.HasPrefix(name, "http://") || strings.HasPrefix(name, "https://") {
		return fetchLinks(o, name, f)
	}
	file, err := os.Open(name)
	if err != nil {
		return err
	}
	defer file.Close()
	base := o.base
	if base == "" {
		if base, err = fileURL(name); err != nil {
			return err
		}
	}
	return eachLink(o.x, file, base, f)
}

// eachLink calls f with each link of the page read from r; an error of f
// is returned as a writeError.
func eachLink(x links.LinkExtractor, r io.Reader, base string, f func(*links.Link) error) error {
	for l, err := range x.Links(r, base) {
		if err != nil {
			return err
		}
		if err := f(&l); err != nil {
			return writeError{err}
		}
	}
	return nil
}

// guardedClient returns the HTTP client links fetches pages with:
// urlnet.DialGuard's Client, which dials only globally reachable
// addresses (and the prefixes allowed), the check made on the address
// actually dialed, for every connection and so for every redirect; it
// uses no proxy (a proxy would be dialed instead of the target) and
// follows at most 10 redirects. timeout bounds each fetch.
func guardedClient(allow []netip.Prefix, timeout time.Duration) *http.Client {
	c := (&urlnet.DialGuard{Allow: allow}).Client()
	c.Timeout = timeout
	return c
}

// fetchLinks fetches the page at the URL name through the guarded
// client and calls f with its links, resolved against the URL finally
// fetched (after redirects) unless -base says otherwise, and decoded
// with the charset of its Content-Type unless -charset says otherwise.
func fetchLinks(o linksOptions, name string, f func(*links.Link) error) error {
	client := guardedClient(o.allow, o.timeout)
	defer client.CloseIdleConnections()
	resp, err := client.Get(name)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New("fetching: " + resp.Status)
	}
	base := o.base
	if base == "" {
		base = resp.Request.URL.String() // after redirects
	}
	x := o.x
	if x.Charset == "" {
		if _, params, err := mime.ParseMediaType(resp.Header.Get("Content-Type")); err == nil {
			x.Charset = params["charset"]
		}
	}
	return eachLink(x, resp.Body, base, f)
}

// fileURL returns the file: URL of the file name's absolute path.
func fileURL(name string) (string, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", err
	}
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/dir on Windows
	}
	// The URL parser percent-encodes the rest; these three would end
	// the path or start an escape.
	p = strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(p)
	return "file://" + p, nil
}

// writeLink writes l as FILE:LINE:COL<TAB>HREF, or its error, with -l
// its kind, tag and attribute, and with -v its validation errors.
func writeLink(out *bufio.Writer, name string, l *links.Link, long bool) {
	writePos := func(p links.Position) {
		out.WriteString(name)
		out.WriteByte(':')
		out.WriteString(strconv.Itoa(p.Line))
		out.WriteByte(':')
		out.WriteString(strconv.Itoa(p.Col))
		out.WriteByte('\t')
	}
	writePos(l.Position)
	if l.Err != nil {
		out.WriteString("error: ")
		out.WriteString(l.Err.Error())
	} else {
		out.WriteString(l.URL.Href())
	}
	if long {
		out.WriteByte('\t')
		out.WriteString(l.Kind.String())
		out.WriteByte('\t')
		out.WriteString(l.Tag)
		out.WriteByte('\t')
		out.WriteString(l.Attr)
	}
	out.WriteByte('\n')
	for _, e := range l.ValidationErrors {
		if e.Fatal {
			continue // the error above
		}
		writePos(l.PositionOf(e.Offset))
		out.WriteString("validation error: ")
		out.WriteString(e.Kind.String())
		out.WriteString(" in ")
		out.WriteString(strconv.Quote(l.Raw))
		out.WriteByte('\n')
	}
	if l.MoreValidationErrors > 0 {
		writePos(l.Position)
		fmt.Fprintf(out, "validation errors: %d more not shown\n", l.MoreValidationErrors)
	}
}

// writeLinkJSON writes l as one JSON object.
func writeLinkJSON(out *bufio.Writer, name string, l *links.Link) {
	r := linkResult{
		File: name, Line: l.Line, Col: l.Col, Offset: l.Offset,
		Tag: l.Tag, Attr: l.Attr, Kind: l.Kind.String(), Raw: l.Raw,
		MoreValidationErrors: l.MoreValidationErrors,
	}
	if l.Err != nil {
		r.Error = l.Err.Error()
	} else {
		r.Href = l.URL.Href()
	}
	for _, e := range l.ValidationErrors {
		if e.Fatal {
			continue
		}
		p := l.PositionOf(e.Offset)
		r.ValidationErrors = append(r.ValidationErrors, linkValidationError{e.Kind.String(), p.Line, p.Col, p.Offset})
	}
	b, _ := json.Marshal(r)
	out.Write(append(b, '\n'))
}
