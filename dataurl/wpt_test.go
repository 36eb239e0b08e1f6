package dataurl

// The web-platform-tests harness of this package: fetch/data-urls'
// data-urls.json and base64.json, and mimesniff's mime-types.json and
// generated-mime-types.json, in the subfolders fetch-data-urls/ and
// mimesniff/ of the WPT corpus (see ../shared/wpt/README.md). The corpus
// is $WPT_DIR (a relative WPT_DIR is taken from the repository root, as
// `WPT_DIR=../shared/wpt go test ./...` in .ci/run gives it), else
// ../testdata/wpt when scripts/fetch-wpt.sh put the files there; without
// either the tests skip. With WPT_DIR set, a missing file fails the run.
// Every case must pass: there is no expected-failures list.
//
// The files are rust-url's copies (data-url/tests at 25137be), which hold
// six cases of its own beside WPT's (a "%" not followed by two hex digits
// in the body: the Fetch Standard's percent-decoding keeps it as it is),
// and one case rust-url itself fails ("data://test:test/,X", expected
// null): the URL parser fails on it (the port "test" is not a number),
// so there is no URL to process. This package parses with the URL
// Standard's parser first, as Fetch says, and passes all of them.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"

	"github.com/weburl/url/internal/corpus"
)

// wptFiles are the files this package runs, relative to the corpus;
// TestMain prints a line for each, which .ci/run checks.
var wptFiles = []string{
	"fetch-data-urls/data-urls.json",
	"fetch-data-urls/base64.json",
	"mimesniff/mime-types.json",
	"mimesniff/generated-mime-types.json",
}

var (
	wptMu     sync.Mutex
	wptCounts = map[string]*[2]int{} // file -> passed, failed
)

func TestMain(m *testing.M) {
	code := m.Run()
	if len(wptCounts) > 0 {
		names := make([]string, 0, len(wptCounts))
		for name := range wptCounts {
			names = append(names, name)
		}
		sort.Strings(names)
		fmt.Println("WPT conformance (data: URLs, MIME types):")
		for _, name := range names {
			c := wptCounts[name]
			fmt.Printf("  %-36s %5d passed, %d failed\n", name, c[0], c[1])
		}
	}
	os.Exit(code)
}

// wptDir returns the corpus folder, or skips the test without one.
func wptDir(t *testing.T) string {
	t.Helper()
	dir, _ := corpus.WPT(1, wptFiles[0])
	if dir == "" {
		t.Skip(corpus.Missing)
	}
	return dir
}

// loadWPT decodes a file of the corpus into v.
func loadWPT(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(wptDir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("decoding %s: %v", name, err)
	}
}

// tally counts a case's result for the summary.
func tally(file string, t *testing.T) {
	wptMu.Lock()
	defer wptMu.Unlock()
	c := wptCounts[file]
	if c == nil {
		c = new([2]int)
		wptCounts[file] = c
	}
	if t.Failed() {
		c[1]++
	} else {
		c[0]++
	}
}

// byteList decodes a JSON array of byte values, or null.
type byteList []byte

func (b *byteList) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*b = nil
		return nil
	}
	var ints []int
	if err := json.Unmarshal(data, &ints); err != nil {
		return err
	}
	*b = make([]byte, len(ints))
	for i, v := range ints {
		if v < 0 || v > 255 {
			return fmt.Errorf("byte value %d out of range", v)
		}
		(*b)[i] = byte(v)
	}
	return nil
}

// TestWPTDataURLs runs data-urls.json: [input, mimeType or null, body].
func TestWPTDataURLs(t *testing.T) {
	const file = "fetch-data-urls/data-urls.json"
	var cases [][]json.RawMessage
	loadWPT(t, file, &cases)
	for _, c := range cases {
		var input string
		var mimeType *string
		var body byteList
		if len(c) < 2 || len(c) > 3 {
			t.Fatalf("entry of %d elements: %s", len(c), c)
		}
		for i, dst := range []any{&input, &mimeType, &body}[:len(c)] {
			if err := json.Unmarshal(c[i], dst); err != nil {
				t.Fatalf("%s: %v", c, err)
			}
		}
		t.Run(input, func(t *testing.T) {
			defer tally(file, t)
			d, err := Parse(input)
			if mimeType == nil {
				if err == nil {
					t.Errorf("Parse = %s, %v; want failure", d.MIMEType, d.Body)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse: %v; want %s, %v", err, *mimeType, []byte(body))
			}
			if got := d.MIMEType.String(); got != *mimeType {
				t.Errorf("MIME type = %q, want %q", got, *mimeType)
			}
			if !bytes.Equal(d.Body, body) {
				t.Errorf("body = %v, want %v", d.Body, []byte(body))
			}
		})
	}
}

// TestWPTBase64 runs base64.json: [input, bytes or null], through
// DecodeBase64 and through a ";base64" data: URL of the same body
// (percent-encoded where the URL parser would change it).
func TestWPTBase64(t *testing.T) {
	const file = "fetch-data-urls/base64.json"
	var cases [][]json.RawMessage
	loadWPT(t, file, &cases)
	for _, c := range cases {
		var input string
		var want byteList
		if len(c) != 2 {
			t.Fatalf("entry of %d elements: %s", len(c), c)
		}
		if err := json.Unmarshal(c[0], &input); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(c[1], &want); err != nil {
			t.Fatal(err)
		}
		fails := string(c[1]) == "null"
		t.Run(input, func(t *testing.T) {
			defer tally(file, t)
			got, err := DecodeBase64(input)
			if fails {
				if err == nil {
					t.Errorf("DecodeBase64 = %v, want failure", got)
				}
			} else if err != nil || !bytes.Equal(got, want) {
				t.Errorf("DecodeBase64 = %v, %v; want %v", got, err, []byte(want))
			}
			if !isLatin1(input) {
				return // a data: URL's body is bytes: isomorphic decode gives only U+0000-U+00FF
			}
			// As a data: URL body: every byte percent-encoded, so that the
			// URL parser keeps them all and percent-decoding gives them back.
			d, err := Parse("data:;base64," + percentEncodeAll(latin1Bytes(input)))
			if fails {
				if err == nil {
					t.Errorf("data: URL body = %v, want failure", d.Body)
				}
			} else if err != nil || !bytes.Equal(d.Body, want) {
				t.Errorf("data: URL: %v, %v; want %v", d, err, []byte(want))
			}
		})
	}
}

// isLatin1 reports whether s holds only U+0000-U+00FF.
func isLatin1(s string) bool {
	for _, r := range s {
		if r > 0xFF {
			return false
		}
	}
	return true
}

// latin1Bytes is the isomorphic encoding of s (all of whose code points
// are at most U+00FF).
func latin1Bytes(s string) []byte {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r))
	}
	return b
}

// percentEncodeAll writes every byte as %XX.
func percentEncodeAll(b []byte) string {
	const hex = "0123456789ABCDEF"
	out := make([]byte, 0, 3*len(b))
	for _, c := range b {
		out = append(out, '%', hex[c>>4], hex[c&15])
	}
	return string(out)
}

// mimeCase is an entry of mime-types.json and generated-mime-types.json
// (navigable and encoding are browser checks, not run here).
type mimeCase struct {
	Input  string  `json:"input"`
	Output *string `json:"output"`
}

func TestWPTMIMETypes(t *testing.T) {
	for _, file := range []string{"mimesniff/mime-types.json", "mimesniff/generated-mime-types.json"} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			var raw []json.RawMessage
			loadWPT(t, file, &raw)
			for _, r := range raw {
				if len(r) > 0 && r[0] == '"' {
					continue // a section comment
				}
				var c mimeCase
				if err := json.Unmarshal(r, &c); err != nil {
					t.Fatal(err)
				}
				t.Run(c.Input, func(t *testing.T) {
					defer tally(file, t)
					m, err := ParseMIMEType(c.Input)
					if c.Output == nil {
						if err == nil {
							t.Errorf("ParseMIMEType = %q, want failure", m)
						}
						return
					}
					if err != nil {
						t.Fatalf("ParseMIMEType: %v; want %q", err, *c.Output)
					}
					if got := m.String(); got != *c.Output {
						t.Errorf("serialization = %q, want %q", got, *c.Output)
					}
					// The serialization is a fixed point.
					if m2, err := ParseMIMEType(m.String()); err != nil || m2.String() != m.String() {
						t.Errorf("reparsing %q: %v, %v", m, m2, err)
					}
				})
			}
		})
	}
}

// TestWPTFilesPresent fails, with WPT_DIR set, when a file of the corpus
// is missing, so that a run cannot pass on fewer files.
func TestWPTFilesPresent(t *testing.T) {
	dir := wptDir(t)
	for _, f := range wptFiles {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}
