package warc

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fuzzSeeds returns the inputs of this package's tests as seeds: the
// Annex B records, the lenient and broken records of the reader's tests,
// the hostile shapes at a small size, and the public sample files under
// testdata/public.
func fuzzSeeds(t testing.TB) [][]byte {
	file, _ := annexBFile(t)
	seeds := [][]byte{
		file,
		[]byte("WARC/1.0\nWARC-Type: response\nWARC-Target-URI: <http://example.com/>\nX-Long: one\n two\nContent-Length: 2\n\nab" +
			"WARC/1.0\r\nWARC-Type: metadata\r\nContent-Length: 0\r\n\r\n\r\n\r\n"),
		[]byte("WARC/1.1\r\nContent-Length: 10\r\n\r\nabc"),
		[]byte("WARC/1.1\r\n x\r\nContent-Length: 0\r\n\r\n"),
		httpRecord("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/html\r\n\r\n4\r\nbody\r\n3\r\n!!!\r\n0\r\n\r\n"),
		httpRecord("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"),
	}
	for _, s := range hostileShapes {
		seeds = append(seeds, s.build(512))
	}
	paths, _ := filepath.Glob(filepath.Join("testdata", "public", "*"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil && len(b) < 64<<10 {
			seeds = append(seeds, b)
		}
	}
	return seeds
}

// fuzzReader is a Reader of in with small bounds, so that the fuzzer
// reaches them.
func fuzzReader(in []byte) (*Reader, error) {
	r, err := NewReader(bytes.NewReader(in))
	if err != nil {
		return nil, err
	}
	r.MaxHeaderBytes = 4 << 10
	r.MaxHTTPHeadBytes = 1 << 10
	return r, nil
}

// FuzzReader reads every record of its input, and the HTTP response or
// the fields of each block. Whatever the input, the reader must not
// panic, must stop with an error of its own or io.EOF, must read each
// block as ContentLength bytes, and a record it reads must come back
// equal when written with Writer and read again.
func FuzzReader(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		r, err := fuzzReader(in)
		if err != nil {
			return // not a gzip stream after its magic number
		}
		last := int64(-1)
		for range 100 {
			rec, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				var fe *FormatError
				if errors.As(err, &fe) && (!strings.HasPrefix(err.Error(), "warc: ") || len(err.Error()) > 300) {
					t.Fatalf("error %q", err)
				}
				if _, again := r.Next(); again == nil {
					t.Fatal("the reader went on after an error")
				}
				return
			}
			if rec.Offset <= last {
				t.Fatalf("record at %d after one at %d", rec.Offset, last)
			}
			last = rec.Offset
			if len(rec.Header) > len(in) {
				t.Fatalf("%d fields from %d bytes", len(rec.Header), len(in))
			}
			block, err := io.ReadAll(rec.Content)
			if err == nil && int64(len(block)) != rec.ContentLength {
				t.Fatalf("a block of %d bytes for a Content-Length of %d", len(block), rec.ContentLength)
			}
			if err != nil {
				continue // Next reports it
			}
			checkRoundTrip(t, rec, block)
			checkBlock(t, rec, block)
		}
	})
}

// checkRoundTrip writes rec with Writer and reads it back: the fields
// (but Content-Length, which Writer writes itself) and the block must
// be the same. A record whose fields Writer refuses is not written.
func checkRoundTrip(t *testing.T, rec *Record, block []byte) {
	var h Header
	for _, f := range rec.Header {
		if !strings.EqualFold(f.Name, "Content-Length") {
			h = append(h, f)
		}
	}
	var buf bytes.Buffer
	if err := NewWriter(&buf).WriteRecord(h, block); err != nil {
		return
	}
	r, _ := NewReader(&buf)
	again, err := r.Next()
	if err != nil {
		t.Fatalf("written again: %v\n%q", err, truncate(buf.String(), 300))
	}
	got, err := io.ReadAll(again.Content)
	if err != nil || !bytes.Equal(got, block) {
		t.Fatalf("block written again: %q, %v", truncate(string(got), 40), err)
	}
	want := append(h, Field{"Content-Length", again.Header.Get("Content-Length")})
	if !reflect.DeepEqual(again.Header, want) && !(len(again.Header) == 0 && len(want) == 0) {
		t.Fatalf("fields written again: %q, want %q", again.Header, want)
	}
}

// checkBlock reads the block as an HTTP response (body included) and as
// warc-fields; neither may panic, and errors are the package's.
func checkBlock(t *testing.T, rec *Record, block []byte) {
	rec.Content = bytes.NewReader(block)
	if resp, err := rec.HTTPResponse(); err == nil {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
	} else if !strings.HasPrefix(err.Error(), "warc: ") {
		t.Fatalf("HTTPResponse: %q", err)
	}
	h, err := ReadFields(bytes.NewReader(block), int64(len(block)))
	if err != nil {
		if !strings.HasPrefix(err.Error(), "warc: ") {
			t.Fatalf("ReadFields: %q", err)
		}
		return
	}
	// Written out one field a line, the fields read back the same.
	var b strings.Builder
	for _, f := range h {
		b.WriteString(f.Name + ":" + f.Value + "\n")
	}
	again, err := ReadFields(strings.NewReader(b.String()), int64(b.Len()))
	if err != nil || !reflect.DeepEqual(again, h) && !(len(again) == 0 && len(h) == 0) {
		t.Fatalf("ReadFields of its own fields: %q, %v; want %q", again, err, h)
	}
}

// FuzzBlock reads its input as a record's block, as an HTTP response
// and as an application/warc-fields block: no panic, the package's
// errors, and the fields it reads, written out one a line, read back
// the same.
func FuzzBlock(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Add([]byte("software: Heritrix 1.12.0 http://crawler.archive.org\r\nhttp-header-user-agent:\r\n Mozilla/5.0 (compatible)\r\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		checkBlock(t, &Record{maxHTTPHead: 1 << 10}, in)
	})
}
