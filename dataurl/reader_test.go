package dataurl

import (
	"errors"
	"io"
	"testing"

	url "github.com/weburl/url"
)

// TestReaderEOF: an empty buffer reads nothing and no error; at the end
// Read keeps returning io.EOF.
func TestReaderEOF(t *testing.T) {
	for _, s := range []string{"data:,ab", "data:;base64,YWI=", "data:,"} {
		r, err := NewReader(url.MustParse(s))
		if err != nil {
			t.Fatal(err)
		}
		if n, err := r.Read(nil); n != 0 || err != nil {
			t.Errorf("%s: Read(nil) = %d, %v", s, n, err)
		}
		body, err := io.ReadAll(r)
		if err != nil || int64(len(body)) != r.Size() {
			t.Errorf("%s: ReadAll = %q, %v; Size %d", s, body, err, r.Size())
		}
		for range 2 {
			if n, err := r.Read(make([]byte, 4)); n != 0 || err != io.EOF {
				t.Errorf("%s: Read at the end = %d, %v", s, n, err)
			}
		}
	}
}

// TestNewReaderErrors: NewReader fails as Process does.
func TestNewReaderErrors(t *testing.T) {
	for s, want := range map[string]error{
		"https://example.com/": ErrNotData,
		"data:text/plain":      ErrNoComma,
		"data:;base64,A":       ErrBase64,
		"data:;base64,AB=C":    ErrBase64,
	} {
		_, err := NewReader(url.MustParse(s))
		if _, err2 := Process(url.MustParse(s)); err == nil || err2 == nil || err.Error() != err2.Error() {
			t.Errorf("%s: NewReader: %v; Process: %v", s, err, err2)
		}
		var e *Error
		if !errors.As(err, &e) || e.Err != want {
			t.Errorf("%s: %v, want %v", s, err, want)
		}
	}
}
