package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	url "github.com/weburl/url"
	"github.com/weburl/url/links"
)

// maxPage is the largest page links reads; a longer one is an error.
const maxPage = 64 << 20

// fetchTimeout bounds the fetch of a page given by its URL.
const fetchTimeout = 30 * time.Second

// linkResult is the JSON object links prints for one link.
type linkResult struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Col    int    `json:"col"`
	Offset int    `json:"offset"`
	Tag    string `json:"tag"`
	Attr   string `json:"attr"`
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

// runLinks is the links subcommand.
func runLinks(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("links", "weburl links [-base URL] [-json] [-v] FILE|URL|-...",
		"Prints the links of each HTML page, resolved as browsers resolve them, as FILE:LINE:COL<TAB>HREF.\n"+
			"A FILE's document URL is its file: URL; \"-\" is standard input (needs -base); an http(s) URL is fetched.", stderr)
	base := fs.String("base", "", "the document URL of the pages (their links resolve against it, or against their <base href>)")
	asJSON := fs.Bool("json", false, "print one JSON object per link")
	verbose := fs.Bool("v", false, "also print the validation errors of each link, each at its line:col")
	if status := parseFlags(fs, args, stdout); status >= 0 {
		return status
	}
	if fs.NArg() == 0 {
		return usageError(fs, "no FILE or URL")
	}
	if *base != "" && !url.CanParse(*base) {
		_, err := url.Parse(*base)
		fmt.Fprintf(stderr, "weburl: invalid -base: %v\n", err)
		return 2
	}
	for _, a := range fs.Args() {
		if a == "-" && *base == "" {
			return usageError(fs, "reading standard input (\"-\") needs -base, the document's URL")
		}
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	x := links.LinkExtractor{Validate: *verbose}
	status := 0
	for _, name := range fs.Args() {
		found, err := pageLinks(x, name, *base, stdin)
		if err != nil {
			status = 1
			out.Flush()
			fmt.Fprintf(stderr, "weburl: %s: %v\n", name, err)
			continue
		}
		for i := range found {
			l := &found[i]
			if l.Err != nil {
				status = 1
			}
			if *asJSON {
				writeLinkJSON(out, name, l)
			} else {
				writeLink(out, name, l)
			}
		}
		if _, err := out.Write(nil); err != nil {
			return writeFailed(stderr, err)
		}
	}
	if err := out.Flush(); err != nil {
		return writeFailed(stderr, err)
	}
	return status
}

// pageLinks returns the links of the page name: a file, "-" for stdin,
// or an http: or https: URL, fetched.
func pageLinks(x links.LinkExtractor, name, base string, stdin io.Reader) ([]links.Link, error) {
	if name == "-" {
		return x.Extract(limited(stdin), base)
	}
	if strings.HasPrefix(name, "http://") || strings.HasPrefix(name, "https://") {
		return fetchLinks(x, name, base)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if base == "" {
		if base, err = fileURL(name); err != nil {
			return nil, err
		}
	}
	return x.Extract(limited(f), base)
}

// fetchLinks fetches the page at the URL name and returns its links.
func fetchLinks(x links.LinkExtractor, name, base string) ([]links.Link, error) {
	client := http.Client{Timeout: fetchTimeout}
	resp, err := client.Get(name)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, errors.New("fetching: " + resp.Status)
	}
	if base == "" {
		base = resp.Request.URL.String() // after redirects
	}
	return x.Extract(limited(resp.Body), base)
}

// errPageTooLarge is the error of a page longer than maxPage.
var errPageTooLarge = errors.New("page larger than " + strconv.Itoa(maxPage>>20) + " MiB")

// limited returns r, failing with errPageTooLarge past maxPage bytes.
func limited(r io.Reader) io.Reader {
	return &limitReader{r: r, n: maxPage}
}

type limitReader struct {
	r io.Reader
	n int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n < 0 {
		return 0, errPageTooLarge
	}
	if int64(len(p)) > l.n+1 {
		p = p[:l.n+1]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	if l.n < 0 {
		return n, errPageTooLarge
	}
	return n, err
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

// writeLink writes l as FILE:LINE:COL<TAB>HREF, or its error, and with
// -v its validation errors.
func writeLink(out *bufio.Writer, name string, l *links.Link) {
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
		Tag: l.Tag, Attr: l.Attr, Raw: l.Raw,
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
