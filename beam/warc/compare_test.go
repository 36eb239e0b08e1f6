package warc_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	iawarc "github.com/internetarchive/gowarc"
	nlnwa "github.com/nlnwa/gowarc/v3"
	"github.com/weburl/url/beam/warc"
)

// The two Go WARC readers on the module proxy, read beside this one:
// github.com/nlnwa/gowarc/v3 (v3.1.0) and github.com/internetarchive/gowarc
// (v0.8.96). They are dependencies of this test only.

// peerRecord is a record as a reader read it: a field's value by name,
// and the block's bytes.
type peerRecord struct {
	get   func(name string) string
	block []byte
}

// reading is what a reader made of a file: the records it read before
// it stopped, and the error it stopped with (nil at the end of the
// input).
type reading struct {
	records []peerRecord
	err     error
}

// readOurs reads a file with this package's Reader; the records keep
// their fields.
func readOurs(data []byte) (reading, []warc.Header) {
	var out reading
	var headers []warc.Header
	r, err := warc.NewReader(bytes.NewReader(data))
	if err != nil {
		return reading{err: err}, nil
	}
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return out, headers
		}
		if err != nil {
			out.err = err
			return out, headers
		}
		block, err := io.ReadAll(rec.Content)
		if err != nil {
			out.err = err
			return out, headers
		}
		h := rec.Header
		out.records = append(out.records, peerRecord{get: h.Get, block: block})
		headers = append(headers, h)
	}
}

// nlnwaOptions read leniently: a validation error is reported in the
// record's Validation, and stops nothing. (ErrIgnore, or
// WithNoValidation, would also leave the block uncached, and the reader
// drops an uncached block's bytes before Next returns.)
var nlnwaOptions = []nlnwa.WarcRecordOption{
	nlnwa.WithSyntaxErrorPolicy(nlnwa.ErrWarn),
	nlnwa.WithSpecViolationPolicy(nlnwa.ErrWarn),
	nlnwa.WithUnknownRecordTypePolicy(nlnwa.ErrWarn),
}

// readNLNWA reads a file with nlnwa/gowarc, leniently.
func readNLNWA(data []byte) reading {
	var out reading
	r, err := nlnwa.NewWarcFileReaderFromStream(bytes.NewReader(data), 0, nlnwaOptions...)
	if err != nil {
		return reading{err: err}
	}
	defer r.Close()
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			out.err = err
			return out
		}
		raw, err := rec.WarcRecord.Block().RawBytes()
		var block []byte
		if err == nil {
			block, err = io.ReadAll(raw)
		}
		h := rec.WarcRecord.WarcHeader()
		rec.Close()
		if err != nil {
			out.err = err
			return out
		}
		out.records = append(out.records, peerRecord{get: h.Get, block: block})
	}
}

// readIA reads a file with internetarchive/gowarc.
func readIA(data []byte) reading {
	var out reading
	r, err := iawarc.NewReader(bytes.NewReader(data))
	if err != nil {
		return reading{err: err}
	}
	defer r.Close()
	for {
		rec, err := r.ReadRecord()
		if err == io.EOF {
			return out
		}
		if err != nil {
			out.err = err
			return out
		}
		block, err := io.ReadAll(rec.Content)
		rec.Content.Close()
		if err != nil {
			out.err = err
			return out
		}
		out.records = append(out.records, peerRecord{get: rec.Header.Get, block: block})
	}
}

// wellFormed are the public files under testdata/public (see its
// README.md) that all three readers read to the end with no error, and
// the number of records each holds. nlnwaDrops names a field that
// nlnwa/gowarc reads as empty.
var wellFormed = []struct {
	name       string
	records    int
	nlnwaDrops string
}{
	{"gowarc-empty.warc.gz.open", 0, ""},
	{"gowarc-single-record.warc.gz.open", 1, ""},
	{"gowarc-test.warc.gz", 3, ""},
	{"warcio-example-digest.warc", 4, ""},
	{"warcio-example-iana.org-chunked.warc", 3, ""},
	{"warcio-example-resource.warc.gz", 3, ""},
	{"warcio-example-space-in-target-uri.warc.gz", 2, ""},
	// WARC/1.0 as GNU Wget writes it: the WARC-Target-URI in angle
	// brackets, as WARC/1.0's grammar has it; nlnwa/gowarc drops the
	// field (Record.TargetURI of this package removes the brackets).
	{"warcio-example-wget-bad-target-uri.warc.gz", 6, "WARC-Target-URI"},
	{"warcio-example.warc", 6, ""},
	{"warcio-example.warc.gz", 6, ""},
	{"warcio-post-test.warc.gz", 6, ""},
}

func readPublic(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "public", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// agree fails t unless the records both read are the same, field for
// field and byte for byte. A field named more than once is compared
// by the value a peer keeps: the first (nlnwa) or the last (ia). The
// field named drops, if any, the peer must read as empty where this
// reader does not. When the peer stopped with an error, the block of
// the last record it read may be cut short: a prefix of this reader's.
func agree(t *testing.T, peer string, got reading, ours reading, headers []warc.Header, last bool, drops string) {
	t.Helper()
	n := min(len(got.records), len(ours.records))
	for i, rec := range got.records[:n] {
		h := headers[i]
		for j, f := range h {
			want := f.Value
			if last {
				for _, g := range h[j+1:] {
					if strings.EqualFold(g.Name, f.Name) {
						want = g.Value
					}
				}
			} else {
				want = h.Get(f.Name)
			}
			if drops != "" && strings.EqualFold(f.Name, drops) {
				want = ""
			}
			if v := rec.get(f.Name); v != want {
				t.Errorf("record %d: %s: %s has %q, this reader %q", i, f.Name, peer, v, want)
			}
		}
		if cut := got.err != nil && i == len(got.records)-1 && len(rec.block) < len(ours.records[i].block); cut {
			if !bytes.HasPrefix(ours.records[i].block, rec.block) {
				t.Errorf("record %d: %s read a block cut short to %d bytes, not a prefix of this reader's", i, peer, len(rec.block))
			}
		} else if !bytes.Equal(rec.block, ours.records[i].block) {
			t.Errorf("record %d: %s read a block of %d bytes, this reader %d, not the same", i, peer, len(rec.block), len(ours.records[i].block))
		}
	}
}

// TestPeersWellFormed: on the well-formed public files, the three
// readers read the same records: every field this reader reads has the
// same value in both peers, and every block the same bytes.
func TestPeersWellFormed(t *testing.T) {
	for _, f := range wellFormed {
		t.Run(f.name, func(t *testing.T) {
			data := readPublic(t, f.name)
			ours, headers := readOurs(data)
			nl, ia := readNLNWA(data), readIA(data)
			for _, r := range []struct {
				name string
				r    reading
			}{{"this reader", ours}, {"nlnwa", nl}, {"ia", ia}} {
				if r.r.err != nil || len(r.r.records) != f.records {
					t.Fatalf("%s: %d records, %v; want %d", r.name, len(r.r.records), r.r.err, f.records)
				}
			}
			agree(t, "nlnwa", nl, ours, headers, false, f.nlnwaDrops)
			agree(t, "ia", ia, ours, headers, true, "")
		})
	}
}

// TestPeersOneGzipMember: files compressed as one gzip member (the whole
// file at once, not record by record as the .warc.gz convention has
// it) are valid gzip streams of valid records. This reader reads every
// record; both peers read the first, agree with it, and then stop with
// no error, as if the file ended there.
func TestPeersOneGzipMember(t *testing.T) {
	for _, f := range []struct {
		name    string
		records int
	}{
		{"gowarc-good.warc.gz.open", 50},
		{"gowarc-skip-non-open.warc.gz", 10},
		{"warcio-example-bad-non-chunked.warc.gz", 6},
		{"warcio-example-bad.warc.gz.bad", 6},
	} {
		t.Run(f.name, func(t *testing.T) {
			data := readPublic(t, f.name)
			ours, headers := readOurs(data)
			if ours.err != nil || len(ours.records) != f.records {
				t.Fatalf("this reader: %d records, %v; want %d", len(ours.records), ours.err, f.records)
			}
			nl, ia := readNLNWA(data), readIA(data)
			for _, r := range []struct {
				name string
				r    reading
			}{{"nlnwa", nl}, {"ia", ia}} {
				if r.r.err != nil || len(r.r.records) != 1 {
					t.Errorf("%s: %d records, %v; the peers were seen to read 1 with no error", r.name, len(r.r.records), r.r.err)
				}
			}
			agree(t, "nlnwa", nl, ours, headers, false, "")
			agree(t, "ia", ia, ours, headers, true, "")
		})
	}
}

// TestPeersDamaged: on damaged public files each reader reads some
// records and then stops, with an error or not; the records that both
// this reader and a peer read are the same, field for field and byte
// for byte.
func TestPeersDamaged(t *testing.T) {
	for _, f := range []struct {
		name                  string
		ours, nlnwa, ia       int  // records read
		oursErr, nlErr, iaErr bool // whether the reader stops with an error
	}{
		// gzip garbage after the one member that holds the records
		{"gowarc-corrupted-mid-record.warc.gz.open", 12, 1, 1, true, true, true},
		{"gowarc-corrupted-trailing-bytes.warc.gz.open", 30, 1, 1, true, true, true},
		// a record cut short, then NUL bytes where the next record's
		// version line should be
		{"warcio-example-trunc.warc", 3, 4, 2, true, false, true},
		// gzip members that do not end where records end: nlnwa/gowarc
		// returns the first record's block cut short at the end of the
		// first member (343 of its 1,613 bytes), then an error
		{"warcio-example-wrong-chunks.warc.gz", 2, 1, 0, false, true, true},
	} {
		t.Run(f.name, func(t *testing.T) {
			data := readPublic(t, f.name)
			ours, headers := readOurs(data)
			nl, ia := readNLNWA(data), readIA(data)
			for _, r := range []struct {
				name    string
				r       reading
				n       int
				wantErr bool
			}{{"this reader", ours, f.ours, f.oursErr}, {"nlnwa", nl, f.nlnwa, f.nlErr}, {"ia", ia, f.ia, f.iaErr}} {
				if len(r.r.records) != r.n || (r.r.err != nil) != r.wantErr {
					t.Errorf("%s: %d records, %v; want %d, an error: %v", r.name, len(r.r.records), r.r.err, r.n, r.wantErr)
				}
			}
			agree(t, "nlnwa", nl, ours, headers, false, "")
			agree(t, "ia", ia, ours, headers, true, "")
		})
	}
}

// generatedCrawl is a WARC file of n request, response and metadata
// records as a crawler writes them, with HTML pages of about 8 KiB,
// each record its own gzip member when gz is set.
func generatedCrawl(n int, gz bool) []byte {
	var buf bytes.Buffer
	w := warc.NewWriter(&buf)
	if gz {
		w = warc.NewGzipWriter(&buf)
	}
	page := "<!doctype html><title>t</title>" + strings.Repeat("<p><a href=/page/x>a link</a> and some text of the page.</p>\n", 128)
	for i := range n {
		target := "https://example.com/page/" + strconv.Itoa(i)
		w.WriteRecord(warc.Header{{Name: "WARC-Type", Value: "request"}, {Name: "WARC-Target-URI", Value: target},
			{Name: "WARC-Date", Value: "2026-11-28T06:00:00Z"}, {Name: "Content-Type", Value: "application/http; msgtype=request"}},
			[]byte("GET /page/"+strconv.Itoa(i)+" HTTP/1.1\r\nHost: example.com\r\n\r\n"))
		w.WriteRecord(warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Target-URI", Value: target},
			{Name: "WARC-Date", Value: "2026-11-28T06:00:00Z"}, {Name: "WARC-Record-ID", Value: "<urn:uuid:" + strconv.Itoa(i) + ">"},
			{Name: "Content-Type", Value: "application/http; msgtype=response"}},
			[]byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: "+strconv.Itoa(len(page))+"\r\n\r\n"+page))
		w.WriteRecord(warc.Header{{Name: "WARC-Type", Value: "metadata"}, {Name: "WARC-Target-URI", Value: target},
			{Name: "Content-Type", Value: "application/warc-fields"}}, []byte("fetchTimeMs: 12\r\n"))
	}
	return buf.Bytes()
}

// TestPeersGenerated: the three readers read a crawl that Writer wrote
// (plain, and gzip-compressed record by record) alike.
func TestPeersGenerated(t *testing.T) {
	for _, gz := range []bool{false, true} {
		data := generatedCrawl(20, gz)
		ours, headers := readOurs(data)
		nl, ia := readNLNWA(data), readIA(data)
		for _, r := range []struct {
			name string
			r    reading
		}{{"this reader", ours}, {"nlnwa", nl}, {"ia", ia}} {
			if r.r.err != nil || len(r.r.records) != 60 {
				t.Fatalf("gzip %v: %s: %d records, %v; want 60", gz, r.name, len(r.r.records), r.r.err)
			}
		}
		agree(t, "nlnwa", nl, ours, headers, false, "")
		agree(t, "ia", ia, ours, headers, true, "")
	}
}

// BenchmarkPeers reads files with this reader and the two peers, every
// record and every block: the well-formed public files one after
// another, and a generated crawl of 3,000 records (1,000 pages), plain
// and gzip-compressed record by record. The figures of docs/warc.md:
//
//	PERF_CLOCK=cpu taskset -c 0 go test -run '^$' -bench BenchmarkPeers -count 5 ./warc
func BenchmarkPeers(b *testing.B) {
	var public [][]byte
	for _, f := range wellFormed {
		public = append(public, readPublic(b, f.name))
	}
	inputs := []struct {
		name  string
		files [][]byte
	}{
		{"public", public},
		{"crawl", [][]byte{generatedCrawl(1000, false)}},
		{"crawl.gz", [][]byte{generatedCrawl(1000, true)}},
	}
	readers := []struct {
		name string
		read func([]byte) reading
	}{
		{"weburl", func(d []byte) reading { r, _ := readOurs(d); return r }},
		{"nlnwa", readNLNWA},
		{"ia", readIA},
	}
	for _, in := range inputs {
		size := 0
		for _, f := range in.files {
			size += len(f)
		}
		for _, r := range readers {
			b.Run(in.name+"/"+r.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(size))
				start := processCPU()
				for b.Loop() {
					for _, f := range in.files {
						if got := r.read(f); got.err != nil {
							b.Fatal(got.err)
						}
					}
				}
				b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}
