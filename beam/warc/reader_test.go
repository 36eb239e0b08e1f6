package warc

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The header sections of the example records of the WARC 1.1 standard,
// Annex B (informative), as published by the IIPC
// (specifications/warc-format/warc-1.1 in iipc/warc-specifications).
// Their blocks are placeholders there ("[image/jpeg binary data here]")
// whose lengths do not match the Content-Length given, so each test
// block below is made of exactly that many bytes.
var annexB = []struct {
	name   string
	header string
	check  func(t *testing.T, r *Record)
}{
	{"B.1 warcinfo", `WARC/1.1
WARC-Type: warcinfo
WARC-Date: 2006-09-19T17:20:14Z
WARC-Record-ID: <urn:uuid:d7ae5c10-e6b3-4d27-967d-34780c58ba39>
Content-Type: application/warc-fields
Content-Length: 381
`, func(t *testing.T, r *Record) {
		if r.Type() != "warcinfo" || r.ContentType() != "application/warc-fields" {
			t.Errorf("type %q content type %q", r.Type(), r.ContentType())
		}
	}},
	{"B.2 response", `WARC/1.1
WARC-Type: response
WARC-Target-URI: http://www.archive.org/images/logoc.jpg
WARC-Warcinfo-ID: <urn:uuid:d7ae5c10-e6b3-4d27-967d-34780c58ba39>
WARC-Date: 2016-09-19T17:20:24Z
WARC-Block-Digest: sha1:UZY6ND6CCHXETFVJD2MSS7ZENMWF7KQ2
WARC-Payload-Digest: sha1:CCHXETFVJD2MUZY6ND6SS7ZENMWF7KQ2
WARC-IP-Address: 207.241.233.58
WARC-Record-ID: <urn:uuid:92283950-ef2f-4d72-b224-f54c6ec90bb0>
Content-Type: application/http;msgtype=response
WARC-Identified-Payload-Type: image/jpeg
Content-Length: 1902
`, func(t *testing.T, r *Record) {
		if !r.IsHTTPResponse() || r.TargetURI() != "http://www.archive.org/images/logoc.jpg" {
			t.Errorf("IsHTTPResponse %v, target %q", r.IsHTTPResponse(), r.TargetURI())
		}
		if got := r.Header.Get("warc-ip-address"); got != "207.241.233.58" {
			t.Errorf("field names must match in any case: %q", got)
		}
	}},
	{"B.3 resource", `WARC/1.1
WARC-Type: resource
WARC-Target-URI: file://var/www/htdoc/images/logoc.jpg
WARC-Date: 2016-09-30T16:40:32Z
WARC-Record-ID: <urn:uuid:23200706-de3e-3c61-a131-g65d7fd80cc1>
Content-Type: image/jpeg
WARC-Payload-Digest: sha1:DBXHDRBXLF4OMUZ5DN4JJ2KFUAOB6VK8
WARC-Block-Digest: sha1:DBXHDRBXLF4OMUZ5DN4JJ2KFUAOB6VK8
Content-Length: 1662
`, func(t *testing.T, r *Record) {
		if r.IsHTTPResponse() {
			t.Error("a resource record is not an HTTP response")
		}
	}},
	{"B.4 request", `WARC/1.1
WARC-Type: request
WARC-Target-URI: http://www.archive.org/images/logoc.jpg
WARC-Warcinfo-ID: <urn:uuid:d7ae5c10-e6b3-4d27-967d-34780c58ba39>
WARC-Date: 2016-09-19T17:20:24Z
Content-Length: 236
WARC-Record-ID: <urn:uuid:4885803b-eebd-4b27-a090-144450c11594>
Content-Type: application/http;msgtype=request
WARC-Concurrent-To: <urn:uuid:92283950-ef2f-4d72-b224-f54c6ec90bb0>
`, func(t *testing.T, r *Record) {
		if r.IsHTTPResponse() || r.ContentLength != 236 {
			t.Errorf("IsHTTPResponse %v, length %d", r.IsHTTPResponse(), r.ContentLength)
		}
	}},
	{"B.5 metadata", `WARC/1.1
WARC-Type: metadata
WARC-Target-URI: http://www.archive.org/images/logoc.jpg
WARC-Date: 2016-09-19T17:20:24Z
WARC-Record-ID: <urn:uuid:16da6da0-bcdc-49c3-927e-57494593b943>
WARC-Concurrent-To: <urn:uuid:92283950-ef2f-4d72-b224-f54c6ec90bb0>
Content-Type: application/warc-fields
WARC-Block-Digest: sha1:VXT4AF5BBZVHDYKNC2CSM8TEAWDB6CH8
Content-Length: 59
`, nil},
	{"B.6 revisit", `WARC/1.1
WARC-Type: revisit
WARC-Target-URI: http://www.archive.org/images/logoc.jpg
WARC-Date: 2017-06-23T12:43:35Z
WARC-Profile: http://netpreserve.org/warc/1.1/server-not-modified
WARC-Record-ID: <urn:uuid:16da6da0-bcdc-49c3-927e-57494593bbbb>
WARC-Refers-To: <urn:uuid:92283950-ef2f-4d72-b224-f54c6ec90bb0>
WARC-Refers-To-Target-URI: http://www.archive.org/images/logoc.jpg
WARC-Refers-To-Date: 2016-09-19T17:20:24Z
Content-Type: message/http
Content-Length: 226
`, nil},
	{"B.8 continuation", `WARC/1.1
WARC-Type: continuation
WARC-Target-URI: http://www.archive.org/images/logoc.jpg
WARC-Date: 2016-09-19T17:20:24Z
WARC-Block-Digest: sha1:T7HXETFVA92MSS7ZENMFZY6ND6WF7KB7
WARC-Payload-Digest: sha1:CCHXETFVJD2MUZY6ND6SS7ZENMWF7KQ2
WARC-Record-ID: <urn:uuid:70653950-a77f-b212-e434-7a7c6ec909ef>
WARC-Segment-Origin-ID: <urn:uuid:39509228-ae2f-11b2-763a-aa4c6ec90bb0>
WARC-Segment-Number: 2
WARC-Segment-Total-Length: 1902
WARC-Identified-Payload-Type: image/jpeg
Content-Length: 302
`, nil},
}

// annexBFile joins the Annex B records into one file, with CRLF line
// ends and blocks of the declared length (byte i of a block is 'a'+i%26).
func annexBFile(t testing.TB) ([]byte, []int) {
	var file bytes.Buffer
	var lengths []int
	for _, ex := range annexB {
		h := strings.ReplaceAll(ex.header, "\n", "\r\n")
		file.WriteString(h)
		file.WriteString("\r\n")
		var n int
		for _, l := range strings.Split(ex.header, "\n") {
			if v, ok := strings.CutPrefix(l, "Content-Length: "); ok {
				for _, c := range v {
					n = n*10 + int(c-'0')
				}
			}
		}
		lengths = append(lengths, n)
		for i := range n {
			file.WriteByte(byte('a' + i%26))
		}
		file.WriteString("\r\n\r\n")
	}
	return file.Bytes(), lengths
}

func TestAnnexBExamples(t *testing.T) {
	file, lengths := annexBFile(t)
	r, err := NewReader(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	for i, ex := range annexB {
		t.Run(ex.name, func(t *testing.T) {
			rec, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			if rec.Version != "WARC/1.1" || rec.ContentLength != int64(lengths[i]) {
				t.Fatalf("version %q length %d, want WARC/1.1 %d", rec.Version, rec.ContentLength, lengths[i])
			}
			if i%2 == 0 { // read every other block; Next skips the rest
				b, err := io.ReadAll(rec.Content)
				if err != nil || len(b) != lengths[i] || (len(b) > 0 && b[len(b)-1] != byte('a'+(len(b)-1)%26)) {
					t.Fatalf("block: %d bytes, %v", len(b), err)
				}
			}
			if ex.check != nil {
				ex.check(t, rec)
			}
		})
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after the last record: %v, want io.EOF", err)
	}
}

// TestRoundTrip writes records with Writer, plain and gzip-compressed
// record by record, and reads them back.
func TestRoundTrip(t *testing.T) {
	blocks := [][]byte{[]byte("hello"), nil, bytes.Repeat([]byte("\r\n\r\nWARC/1.1\r\n"), 5000)}
	for _, gz := range []bool{false, true} {
		var buf bytes.Buffer
		w := NewWriter(&buf)
		if gz {
			w = NewGzipWriter(&buf)
		}
		for i, b := range blocks {
			h := Header{{"WARC-Type", "resource"}, {"WARC-Target-URI", "http://example.com/" + string(rune('a'+i))}, {"Content-Length", "999"}}
			if err := w.WriteRecord(h, b); err != nil {
				t.Fatal(err)
			}
		}
		if gz && (buf.Bytes()[0] != 0x1f || buf.Bytes()[1] != 0x8b) {
			t.Fatal("gzip writer wrote no gzip member")
		}
		r, err := NewReader(&buf)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range blocks {
			rec, err := r.Next()
			if err != nil {
				t.Fatalf("gzip=%v record %d: %v", gz, i, err)
			}
			got, err := io.ReadAll(rec.Content)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("gzip=%v record %d: block %q, %v", gz, i, truncate(string(got), 20), err)
			}
			if rec.TargetURI() != "http://example.com/"+string(rune('a'+i)) {
				t.Errorf("target %q", rec.TargetURI())
			}
		}
		if _, err := r.Next(); err != io.EOF {
			t.Fatalf("gzip=%v: %v, want io.EOF", gz, err)
		}
	}
}

func TestReaderLenient(t *testing.T) {
	// WARC/1.0 angle brackets around the target, LF line ends, a folded
	// field, and no blank lines between records.
	in := "WARC/1.0\nWARC-Type: response\nWARC-Target-URI: <http://example.com/>\nX-Long: one\n two\nContent-Length: 2\n\nab" +
		"WARC/1.0\r\nWARC-Type: metadata\r\nContent-Length: 0\r\n\r\n\r\n\r\n"
	r, _ := NewReader(strings.NewReader(in))
	rec, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	if rec.TargetURI() != "http://example.com/" || rec.Header.Get("X-Long") != "one two" {
		t.Errorf("target %q, folded %q", rec.TargetURI(), rec.Header.Get("X-Long"))
	}
	if rec, err = r.Next(); err != nil || rec.Type() != "metadata" {
		t.Fatalf("second record: %v", err)
	}
	if _, err = r.Next(); err != io.EOF {
		t.Fatalf("%v, want io.EOF", err)
	}
}

func TestReaderErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		is       error
	}{
		{"not WARC", "HTTP/1.1 200 OK\r\n\r\n", nil},
		{"no Content-Length", "WARC/1.1\r\nWARC-Type: resource\r\n\r\n", nil},
		{"bad Content-Length", "WARC/1.1\r\nContent-Length: -1\r\n\r\n", nil},
		{"Content-Length overflow", "WARC/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n", nil},
		{"malformed field", "WARC/1.1\r\nno colon\r\n\r\n", nil},
		{"continuation before any field", "WARC/1.1\r\n x\r\nContent-Length: 0\r\n\r\n", nil},
		{"version line cut off", "WARC/1.1", io.ErrUnexpectedEOF},
		{"header cut off", "WARC/1.1\r\nContent-Length: 1\r\n", io.ErrUnexpectedEOF},
		{"block cut off", "WARC/1.1\r\nContent-Length: 10\r\n\r\nabc", io.ErrUnexpectedEOF},
		{"header too long", "WARC/1.1\r\nX: " + strings.Repeat("a", 2<<20) + "\r\n\r\n", ErrHeaderTooLong},
		{"endless field line", "WARC/1.1\r\n" + strings.Repeat("X: y\r\n", 300000), ErrHeaderTooLong},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := NewReader(strings.NewReader(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			var rec *Record
			rec, err = r.Next()
			if err == nil && rec != nil {
				_, err = io.ReadAll(rec.Content)
				if err == nil {
					_, err = r.Next()
				}
			}
			var fe *FormatError
			if err == nil || err == io.EOF {
				t.Fatalf("no error")
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("%v is not %v", err, tc.is)
			}
			if tc.is == nil && !errors.As(err, &fe) {
				t.Errorf("%v (%T) is not a *FormatError", err, err)
			}
			if len(err.Error()) > 200 {
				t.Errorf("error message of %d bytes", len(err.Error()))
			}
			if _, again := r.Next(); again == nil {
				t.Error("the reader went on after an error")
			}
		})
	}
}

func TestWriterRefusesBrokenFields(t *testing.T) {
	for _, f := range []Field{{"", "x"}, {"A:B", "x"}, {"A B", "x"}, {"A", "x\r\nWARC-Type: forged"}} {
		if err := NewWriter(io.Discard).WriteRecord(Header{f}, nil); err == nil {
			t.Errorf("field %q accepted", f)
		}
	}
}

func TestReadFields(t *testing.T) {
	// The block of Annex B.1's warcinfo record, with a folded field.
	block := "software: Heritrix 1.12.0 http://crawler.archive.org\r\nhostname: crawling017.archive.org\r\n" +
		"http-header-user-agent:\r\n Mozilla/5.0 (compatible; heritrix/1.4.0 +http://crawler.archive.org)\r\nformat: WARC file version 1.1\r\n"
	h, err := ReadFields(strings.NewReader(block), 1<<10)
	if err != nil {
		t.Fatal(err)
	}
	if got := h.Get("http-header-user-agent"); got != "Mozilla/5.0 (compatible; heritrix/1.4.0 +http://crawler.archive.org)" {
		t.Errorf("folded field: %q", got)
	}
	if len(h) != 4 {
		t.Errorf("%d fields, want 4", len(h))
	}
	if _, err := ReadFields(strings.NewReader(block), 10); err == nil {
		t.Error("a block over the limit was read")
	}
}

// TestFolding: a folded field has the same value in a record's header
// (Reader) and in an application/warc-fields block (ReadFields).
func TestFolding(t *testing.T) {
	for _, tc := range []struct {
		name, lines, want string
	}{
		{"one continuation", "X: one\r\n two\r\n", "one two"},
		{"tab", "X: one\r\n\ttwo\r\n", "one two"},
		{"white space around parts", "X:  one  \r\n   two  \r\n three\r\n", "one two three"},
		{"empty first part", "X:\r\n two\r\n", "two"},
		{"blank continuation", "X: one\r\n \t \r\n two\r\n", "one two"},
		{"only blank continuations", "X: one\r\n \r\n\t\r\n", "one"},
		{"no continuation", "X: one\r\n", "one"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := "WARC/1.1\r\n" + tc.lines + "Y: after\r\nContent-Length: 0\r\n\r\n"
			r, _ := NewReader(strings.NewReader(in))
			rec, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			if got := rec.Header.Get("X"); got != tc.want || rec.Header.Get("Y") != "after" || len(rec.Header) != 3 {
				t.Errorf("Reader: %q (%d fields), want %q", got, len(rec.Header), tc.want)
			}
			h, err := ReadFields(strings.NewReader(tc.lines+"Y: after\r\n"), 1<<10)
			if err != nil {
				t.Fatal(err)
			}
			if got := h.Get("X"); got != tc.want || h.Get("Y") != "after" || len(h) != 2 {
				t.Errorf("ReadFields: %q (%d fields), want %q", got, len(h), tc.want)
			}
		})
	}
}

// TestReaderErrorsNamed: an error of the input under the reader (here
// gzip's, of bytes after the member that are not gzip) comes out of
// Next prefixed with the package's name, and still matches its cause.
func TestReaderErrorsNamed(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "public", "gowarc-corrupted-trailing-bytes.warc.gz.open"))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := NewReader(bytes.NewReader(data))
	n := 0
	for {
		_, err = r.Next()
		if err != nil {
			break
		}
		n++
	}
	if n != 30 || !errors.Is(err, gzip.ErrHeader) || !strings.HasPrefix(err.Error(), "warc: record at ") {
		t.Errorf("%d records, then %q; want 30, then an error that is gzip.ErrHeader, prefixed", n, err)
	}
}

// TestNewReaderErrorNamed: a file that starts with gzip's magic number
// but is no gzip stream gives an error prefixed with the package's name
// that still matches gzip's.
func TestNewReaderErrorNamed(t *testing.T) {
	_, err := NewReader(strings.NewReader("\x1f\x8bnot gzip at all"))
	if !errors.Is(err, gzip.ErrHeader) || !strings.HasPrefix(err.Error(), "warc: ") {
		t.Errorf("%v; want an error that is gzip.ErrHeader, prefixed", err)
	}
}
