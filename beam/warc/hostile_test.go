package warc

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/url/internal/cputime"
)

// hostileShapes are inputs a WARC file from the internet can hold, each
// built at about n bytes (a little less, so that the 1 MiB shape stays
// within the default bounds): reading each must take time and memory
// linear in n.
var hostileShapes = []struct {
	name  string
	build func(n int) []byte
	read  func(in []byte) error
}{
	// A record header of one field folded over continuation lines.
	{"folded-header", func(n int) []byte {
		return record("WARC/1.1\r\nWARC-Type: resource\r\nX-Folded: a\r\n"+strings.Repeat(" b\r\n", (n-128)/4)+"Content-Length: 0\r\n", "")
	}, readAll},
	// A record header of folded lines of tabs and spaces only.
	{"folded-blank-header", func(n int) []byte {
		return record("WARC/1.1\r\nX-Folded: a\r\n"+strings.Repeat(" \t\r\n", (n-128)/4)+"Content-Length: 0\r\n", "")
	}, readAll},
	// A record header of many short fields.
	{"many-fields", func(n int) []byte {
		return record("WARC/1.1\r\n"+strings.Repeat("a:\r\n", (n-128)/4)+"Content-Length: 0\r\n", "")
	}, readAll},
	// An application/warc-fields block of one field folded over
	// continuation lines, read with ReadFields.
	{"folded-fields", func(n int) []byte {
		return []byte("software: a\n" + strings.Repeat(" b\n", (n-128)/3))
	}, readFields},
	// A fields block of empty lines.
	{"empty-lines-fields", func(n int) []byte {
		return bytes.Repeat([]byte("\n"), n-128)
	}, readFields},
	// A fields block of many short fields.
	{"many-fields-fields", func(n int) []byte {
		return []byte(strings.Repeat("a:\n", (n-128)/3))
	}, readFields},
	// An HTTP response whose head is many header lines.
	{"http-head-lines", func(n int) []byte {
		return httpRecord("HTTP/1.1 200 OK\r\n" + strings.Repeat("X-A: b\r\n", (n-256)/8) + "\r\nbody")
	}, readHTTP},
	// An HTTP response whose head is many distinct header names.
	{"http-head-names", func(n int) []byte {
		var b strings.Builder
		b.WriteString("HTTP/1.1 200 OK\r\n")
		for i := 0; b.Len() < n-256-16; i++ {
			b.WriteString("X" + strconv.Itoa(i) + ": b\r\n")
		}
		return httpRecord(b.String() + "\r\nbody")
	}, readHTTP},
	// An HTTP response whose head is one header folded over continuation
	// lines (obs-fold).
	{"http-head-folded", func(n int) []byte {
		return httpRecord("HTTP/1.1 200 OK\r\nX-A: a\r\n" + strings.Repeat(" b\r\n", (n-256)/4) + "\r\nbody")
	}, readHTTP},
}

// record returns a record of the given header (without the blank line
// that ends it) and block.
func record(header, block string) []byte {
	return []byte(header + "\r\n" + block + "\r\n\r\n")
}

// httpRecord returns a response record holding the HTTP message msg.
func httpRecord(msg string) []byte {
	return record("WARC/1.1\r\nWARC-Type: response\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: "+
		strconv.Itoa(len(msg))+"\r\n", msg)
}

// readAll reads every record of in and every block.
func readAll(in []byte) error {
	r, err := NewReader(bytes.NewReader(in))
	if err != nil {
		return err
	}
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := io.Copy(io.Discard, rec.Content); err != nil {
			return err
		}
	}
}

func readFields(in []byte) error {
	_, err := ReadFields(bytes.NewReader(in), int64(len(in)))
	return err
}

// readHTTP reads the HTTP response of in's one record, and its body.
func readHTTP(in []byte) error {
	r, err := NewReader(bytes.NewReader(in))
	if err != nil {
		return err
	}
	rec, err := r.Next()
	if err != nil {
		return err
	}
	resp, err := rec.HTTPResponse()
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	return err
}

// TestHostileLinearTime reads each hostile shape at 64 KiB and at 1 MiB
// (16 times larger): the larger may take at most 64 times as long (plus
// slack for a noisy machine), where quadratic time would take 256 times.
func TestHostileLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for _, s := range hostileShapes {
		t.Run(s.name, func(t *testing.T) {
			small, large := s.build(64<<10), s.build(1<<20)
			for _, in := range [][]byte{small, large} {
				if err := s.read(in); err != nil {
					t.Fatalf("%d bytes: %v", len(in), err)
				}
			}
			cputime.CheckLinear(t, 16, func() { s.read(small) }, func() { s.read(large) })
		})
	}
}

// TestHostileMemory: reading each hostile shape at 64 KiB and at 1 MiB
// allocates at most a constant per input byte (plus the reader's
// buffers), as much as the memory it then holds at most.
func TestHostileMemory(t *testing.T) {
	for _, s := range hostileShapes {
		for _, n := range []int{64 << 10, 1 << 20} {
			t.Run(s.name+"/"+sizeName(n), func(t *testing.T) {
				in := s.build(n)
				var err error
				got := cputime.Allocated(func() { err = s.read(in) })
				if err != nil {
					t.Fatal(err)
				}
				if limit := 24*uint64(len(in)) + 512<<10; got > limit {
					t.Errorf("%d bytes allocated for %d input bytes (%.1f per byte); want at most %d",
						got, len(in), float64(got)/float64(len(in)), limit)
				}
			})
		}
	}
}

func sizeName(n int) string {
	if n >= 1<<20 {
		return strconv.Itoa(n>>20) + "MiB"
	}
	return strconv.Itoa(n>>10) + "KiB"
}

// TestHTTPHeadTooLong: an HTTP head longer than the bound is an error
// that matches ErrHTTPHeadTooLong, read in memory bounded by the bound,
// not by the record's size.
func TestHTTPHeadTooLong(t *testing.T) {
	for _, tc := range []struct {
		name string
		max  int
		msg  string
	}{
		{"lines over the default", 0, "HTTP/1.1 200 OK\r\n" + strings.Repeat("X-A: b\r\n", (DefaultMaxHTTPHeadBytes+8)/8) + "\r\n"},
		{"one long line", 0, "HTTP/1.1 200 OK\r\nX-A: " + strings.Repeat("b", DefaultMaxHTTPHeadBytes) + "\r\n\r\n"},
		{"status line", 0, "HTTP/1.1 200 " + strings.Repeat("O", DefaultMaxHTTPHeadBytes) + "\r\n\r\n"},
		{"no end", 0, "HTTP/1.1 200 OK\r\n" + strings.Repeat("X-A: b\r\n", (DefaultMaxHTTPHeadBytes+8)/8)},
		{"lines over a set bound", 1000, "HTTP/1.1 200 OK\r\n" + strings.Repeat("X-A: b\r\n", 200) + "\r\n"},
		{"40 MB of lines", 0, "HTTP/1.1 200 OK\r\n" + strings.Repeat("X-A: b\r\n", 5<<20) + "\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := httpRecord(tc.msg)
			var err error
			got := cputime.Allocated(func() {
				r, _ := NewReader(bytes.NewReader(in))
				r.MaxHTTPHeadBytes = tc.max
				rec, err1 := r.Next()
				if err1 != nil {
					t.Fatal(err1)
				}
				_, err = rec.HTTPResponse()
			})
			if !errors.Is(err, ErrHTTPHeadTooLong) {
				t.Fatalf("%v, want an error that is ErrHTTPHeadTooLong", err)
			}
			if !strings.HasPrefix(err.Error(), "warc: ") || len(err.Error()) > 200 {
				t.Errorf("error %q", truncate(err.Error(), 300))
			}
			if limit := uint64(24*DefaultMaxHTTPHeadBytes + 1<<20); got > limit {
				t.Errorf("%d bytes allocated; want at most %d", got, limit)
			}
		})
	}
	// A head just within the bound is read.
	msg := "HTTP/1.1 200 OK\r\nX-A: " + strings.Repeat("b", 900) + "\r\n\r\nbody"
	r, _ := NewReader(bytes.NewReader(httpRecord(msg)))
	r.MaxHTTPHeadBytes = len(msg) - len("body")
	rec, _ := r.Next()
	resp, err := rec.HTTPResponse()
	if err != nil {
		t.Fatal(err)
	}
	if body, err := io.ReadAll(resp.Body); err != nil || string(body) != "body" {
		t.Errorf("body %q, %v", body, err)
	}
}

// BenchmarkHostile reads each hostile shape at 64 KiB and 1 MiB, and the
// HTTP head of 40 MiB of header lines, the figures of docs/warc.md:
//
//	go test -run '^$' -bench BenchmarkHostile -benchtime 1x ./warc
func BenchmarkHostile(b *testing.B) {
	for _, s := range hostileShapes {
		for _, n := range []int{64 << 10, 1 << 20} {
			b.Run(s.name+"/"+sizeName(n), func(b *testing.B) {
				in := s.build(n)
				b.ReportAllocs()
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					s.read(in)
				}
			})
		}
	}
	b.Run("http-head-lines/40MiB", func(b *testing.B) {
		in := httpRecord("HTTP/1.1 200 OK\r\n" + strings.Repeat("X-A: b\r\n", 5<<20) + "\r\n")
		b.ReportAllocs()
		b.SetBytes(int64(len(in)))
		for b.Loop() {
			readHTTP(in)
		}
	})
}
