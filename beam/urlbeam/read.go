package urlbeam

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths and file globs
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	url "github.com/weburl/url"
)

func init() {
	register.Function3x0(lineLinkFn)
	register.DoFn4x1[context.Context, string, func(Page), func(Failure), error](&readPageFn{})
	register.Emitter1[Page]()
}

// DefaultMaxPageBytes is the default bound on the size of one page read
// by [ReadHTML] and [ReadWARC]: a larger page is a [Failure], not read.
const DefaultMaxPageBytes = 16 << 20

// ReadLines reads the lines of the text files that glob matches (a local
// path or glob, or one of a registered Beam filesystem such as gs://),
// as a PCollection of string.
func ReadLines(s beam.Scope, glob string) beam.PCollection {
	return textio.Read(s.Scope("urlbeam.ReadLines"), glob)
}

// LinksFromLines reads link lists: each line of lines (a PCollection of
// string) is either a URL, giving a [Link] with no page, or
// "PAGE<TAB>REF", a reference on a page, resolved against the page's URL
// (the shape of `weburl links` output without its position column).
// Empty lines are skipped; a line that does not resolve is a [Failure]
// of stage "link".
func LinksFromLines(s beam.Scope, lines beam.PCollection) (links, failures beam.PCollection) {
	return beam.ParDo2(s.Scope("urlbeam.LinksFromLines"), lineLinkFn, lines)
}

func lineLinkFn(line string, emit func(Link), fail func(Failure)) {
	line = strings.TrimSuffix(line, "\r")
	if line == "" {
		return
	}
	page, ref, ok := strings.Cut(line, "\t")
	if !ok {
		u, err := url.Parse(line)
		if err != nil {
			fail(Failure{Stage: "link", Input: line, Err: err.Error()})
			return
		}
		emit(Link{Raw: line, Href: u.Href()})
		return
	}
	u, err := url.Parse(ref, page)
	if err != nil {
		fail(Failure{Stage: "link", Input: ref, Base: page, Err: err.Error()})
		return
	}
	emit(Link{Page: page, Raw: ref, Href: u.Href()})
}

// ReadHTML reads the HTML pages that manifests list: each line of the
// files that manifestGlob matches is "PAGEURL<TAB>PATH", or
// "PAGEURL<TAB>PATH<TAB>CHARSET" with the transport's charset, where
// PATH is the page's file (a local path or a path of a registered Beam
// filesystem). It returns the pages, and as [Failure] rows of stage
// "read" the lines that are malformed and the files that cannot be read
// or are larger than maxBytes (0 means [DefaultMaxPageBytes]).
func ReadHTML(s beam.Scope, manifestGlob string, maxBytes int64) (pages, failures beam.PCollection) {
	s = s.Scope("urlbeam.ReadHTML")
	if maxBytes <= 0 {
		maxBytes = DefaultMaxPageBytes
	}
	return beam.ParDo2(s, &readPageFn{MaxBytes: maxBytes}, textio.Read(s, manifestGlob))
}

type readPageFn struct {
	MaxBytes int64
}

func (f *readPageFn) ProcessElement(ctx context.Context, line string, emit func(Page), fail func(Failure)) error {
	line = strings.TrimSuffix(line, "\r")
	if line == "" {
		return nil
	}
	fields := strings.Split(line, "\t")
	if len(fields) < 2 || len(fields) > 3 {
		fail(Failure{Stage: "read", Input: line, Err: "manifest line is not PAGEURL<TAB>PATH[<TAB>CHARSET]"})
		return nil
	}
	p := Page{URL: fields[0]}
	if len(fields) == 3 {
		p.Charset = fields[2]
	}
	body, err := readFile(ctx, fields[1], f.MaxBytes)
	if err != nil {
		fail(Failure{Stage: "read", Input: fields[1], Base: p.URL, Err: err.Error()})
		return nil
	}
	p.Body = body
	emit(p)
	return nil
}

// readFile reads at most max bytes of the file at path through Beam's
// filesystems.
func readFile(ctx context.Context, path string, max int64) ([]byte, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	rc, err := fs.OpenRead(ctx, path)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return readAtMost(rc, max)
}

// readAtMost reads all of r, failing once it holds more than max bytes.
func readAtMost(r io.Reader, max int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("larger than %d bytes", max)
	}
	return b, nil
}
