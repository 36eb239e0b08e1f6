package dataurl

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	url "github.com/weburl/url"
	"github.com/weburl/url/internal/corpus"
)

// seedFromWPT adds the inputs of a WPT file (when the corpus is there) to
// a fuzz target's corpus; pick returns the strings of an entry.
func seedFromWPT(f *testing.F, file string, pick func(json.RawMessage) []string) {
	dir, _ := corpus.WPT(1, file)
	if dir == "" {
		return
	}
	data, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		return
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(data, &entries); err != nil {
		f.Fatal(err)
	}
	for _, e := range entries {
		for _, s := range pick(e) {
			f.Add(s)
		}
	}
}

func firstString(e json.RawMessage) []string {
	var arr []json.RawMessage
	var s string
	if json.Unmarshal(e, &arr) == nil && len(arr) > 0 && json.Unmarshal(arr[0], &s) == nil {
		return []string{s}
	}
	return nil
}

func inputField(e json.RawMessage) []string {
	var c mimeCase
	if json.Unmarshal(e, &c) == nil && c.Input != "" {
		return []string{c.Input}
	}
	return nil
}

// FuzzProcess holds the data: URL processor to the slow reference: same
// failure, MIME type and body; the Reader gives the same body whatever
// the sizes of the reads; the MIME type's serialization is a fixed point.
func FuzzProcess(f *testing.F) {
	for _, s := range []string{"data:,", "data:;base64,WA==", "data:text/html;charset=x;base64,%20aGk%3D", "data:a/b;c=\"d\\", "data:,%zz%4"} {
		f.Add(s)
	}
	seedFromWPT(f, "fetch-data-urls/data-urls.json", firstString)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := url.Parse(s)
		if err != nil {
			if _, err := Parse(s); err == nil {
				t.Fatal("Parse succeeded where url.Parse failed")
			}
			return
		}
		d, err := Process(u)
		// Parse (which may skip building the URL) agrees with Process.
		if d2, err2 := Parse(s); (err == nil) != (err2 == nil) ||
			err == nil && (d2.MIMEType.String() != d.MIMEType.String() || !bytes.Equal(d2.Body, d.Body)) {
			t.Fatalf("Parse = %v, %v; Process = %v, %v", d2, err2, d, err)
		}
		if u.Scheme() != "data" {
			if err == nil {
				t.Fatal("processed a URL that is not data:")
			}
			return
		}
		wantType, wantBody, ok := slowProcess(u)
		if !ok {
			if err == nil {
				t.Fatalf("Process = %s %q, reference fails", d.MIMEType, d.Body)
			}
			return
		}
		if err != nil {
			t.Fatalf("Process: %v; reference gives %s %q", err, wantType, wantBody)
		}
		if got := d.MIMEType.String(); got != wantType {
			t.Fatalf("MIME type %q, reference %q", got, wantType)
		}
		if !bytes.Equal(d.Body, wantBody) {
			t.Fatalf("body %q, reference %q", d.Body, wantBody)
		}
		// The Reader, in reads of 1, 2, 3, 5, 7 bytes in turn.
		r, err := NewReader(u)
		if err != nil {
			t.Fatal(err)
		}
		if r.Size() != int64(len(wantBody)) {
			t.Fatalf("Size = %d, body has %d bytes", r.Size(), len(wantBody))
		}
		var got []byte
		sizes := []int{1, 2, 3, 5, 7}
		for i := 0; ; i++ {
			buf := make([]byte, sizes[i%len(sizes)])
			n, err := r.Read(buf)
			got = append(got, buf[:n]...)
			if err == io.EOF {
				break
			}
			if err != nil || n == 0 {
				t.Fatalf("Read = %d, %v", n, err)
			}
		}
		if !bytes.Equal(got, wantBody) {
			t.Fatalf("Reader body %q, reference %q", got, wantBody)
		}
		checkFixedPoint(t, d.MIMEType)
	})
}

// checkFixedPoint checks that m's serialization parses back to itself.
func checkFixedPoint(t *testing.T, m *MIMEType) {
	t.Helper()
	s := m.String()
	m2, err := ParseMIMEType(s)
	if err != nil {
		t.Fatalf("serialization %q does not parse: %v", s, err)
	}
	if s2 := m2.String(); s2 != s {
		t.Fatalf("serialization %q reparses as %q", s, s2)
	}
}

// FuzzParseMIMEType holds ParseMIMEType to the slow reference, and
// checks that serialize(parse(x)) is a fixed point.
func FuzzParseMIMEType(f *testing.F) {
	for _, s := range []string{"text/html;charset=\"a\\\"b\"", "a/b;;c=d;e", "x/x;x=\"\xff\"", "A/B ; C = D"} {
		f.Add(s)
	}
	seedFromWPT(f, "mimesniff/mime-types.json", inputField)
	seedFromWPT(f, "mimesniff/generated-mime-types.json", inputField)
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMIMEType(s)
		want, ok := slowParseMIMEType(s)
		if !ok {
			if err == nil {
				t.Fatalf("ParseMIMEType = %q, reference fails", m)
			}
			return
		}
		if err != nil {
			t.Fatalf("ParseMIMEType: %v; reference %q", err, want)
		}
		if got := m.String(); got != want {
			t.Fatalf("ParseMIMEType = %q, reference %q", got, want)
		}
		checkFixedPoint(t, m)
	})
}

// FuzzDecodeBase64 holds DecodeBase64 to the slow reference.
func FuzzDecodeBase64(f *testing.F) {
	for _, s := range []string{"", "YQ", "YR==", " a b c d ", "ab=c", "////A"} {
		f.Add(s)
	}
	seedFromWPT(f, "fetch-data-urls/base64.json", firstString)
	f.Fuzz(func(t *testing.T, s string) {
		got, err := DecodeBase64(s)
		want, ok := slowForgivingBase64([]rune(s))
		if !ok {
			if err == nil {
				t.Fatalf("DecodeBase64 = %q, reference fails", got)
			}
			return
		}
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("DecodeBase64 = %q, %v; reference %q", got, err, want)
		}
	})
}
