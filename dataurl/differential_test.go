package dataurl

// The differential against jsdom's data-urls and whatwg-mimetype: the
// answers recorded by ../testdata/dataurl/gen.js (Node, run by hand) in
// vectors.json.gz, replayed here without Node. Every case must agree.

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// vectors is the file gen.js writes.
type vectors struct {
	Generator      string `json:"generator"`
	Node           string `json:"node"`
	DataURLs       string `json:"data-urls"`
	WhatwgMIMEType string `json:"whatwg-mimetype"`
	WhatwgURL      string `json:"whatwg-url"`
	DataURLCases   []struct {
		I string  `json:"i"`
		M *string `json:"m"`
		B string  `json:"b"`
	} `json:"dataurls"`
	MIMETypeCases []struct {
		I string  `json:"i"`
		O *string `json:"o"`
	} `json:"mimetypes"`
	Base64Cases []struct {
		I string  `json:"i"`
		O *string `json:"o"`
	} `json:"base64"`
}

func loadVectors(t *testing.T) *vectors {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "dataurl", "vectors.json.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.NewDecoder(zr).Decode(&v); err != nil {
		t.Fatal(err)
	}
	if len(v.DataURLCases) == 0 || len(v.MIMETypeCases) == 0 || len(v.Base64Cases) == 0 {
		t.Fatal("vectors.json.gz lacks a section")
	}
	return &v
}

func decodeB64(t *testing.T, s string) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDifferentialDataURLs compares Parse with data-urls on every
// recorded input: the same failure, MIME type and body.
func TestDifferentialDataURLs(t *testing.T) {
	v := loadVectors(t)
	disagree := 0
	for _, c := range v.DataURLCases {
		d, err := Parse(c.I)
		switch {
		case c.M == nil && err == nil:
			t.Errorf("%q: Parse = %s %q; data-urls %s fails", c.I, d.MIMEType, d.Body, v.DataURLs)
		case c.M != nil && err != nil:
			t.Errorf("%q: Parse: %v; data-urls %s gives %s", c.I, err, v.DataURLs, *c.M)
		case c.M != nil && (d.MIMEType.String() != *c.M || !bytes.Equal(d.Body, decodeB64(t, c.B))):
			t.Errorf("%q: Parse = %s %q; data-urls %s gives %s %q", c.I, d.MIMEType, d.Body, v.DataURLs, *c.M, decodeB64(t, c.B))
		default:
			continue
		}
		if disagree++; disagree > 20 {
			t.Fatal("too many disagreements")
		}
	}
	t.Logf("%d data: URLs, data-urls %s (whatwg-url %s), %d disagreements", len(v.DataURLCases), v.DataURLs, v.WhatwgURL, disagree)
}

// TestDifferentialMIMETypes compares ParseMIMEType and String with
// whatwg-mimetype.
func TestDifferentialMIMETypes(t *testing.T) {
	v := loadVectors(t)
	disagree := 0
	for _, c := range v.MIMETypeCases {
		m, err := ParseMIMEType(c.I)
		switch {
		case c.O == nil && err == nil:
			t.Errorf("%q: ParseMIMEType = %s; whatwg-mimetype fails", c.I, m)
		case c.O != nil && err != nil:
			t.Errorf("%q: ParseMIMEType: %v; whatwg-mimetype gives %s", c.I, err, *c.O)
		case c.O != nil && m.String() != *c.O:
			t.Errorf("%q: ParseMIMEType = %s; whatwg-mimetype gives %s", c.I, m, *c.O)
		default:
			continue
		}
		if disagree++; disagree > 20 {
			t.Fatal("too many disagreements")
		}
	}
	t.Logf("%d MIME types, whatwg-mimetype %s, %d disagreements", len(v.MIMETypeCases), v.WhatwgMIMEType, disagree)
}

// TestDifferentialBase64 compares DecodeBase64 with Node's atob().
func TestDifferentialBase64(t *testing.T) {
	v := loadVectors(t)
	disagree := 0
	for _, c := range v.Base64Cases {
		b, err := DecodeBase64(c.I)
		switch {
		case c.O == nil && err == nil:
			t.Errorf("%q: DecodeBase64 = %q; atob fails", c.I, b)
		case c.O != nil && err != nil:
			t.Errorf("%q: DecodeBase64: %v; atob gives %q", c.I, err, decodeB64(t, *c.O))
		case c.O != nil && !bytes.Equal(b, decodeB64(t, *c.O)):
			t.Errorf("%q: DecodeBase64 = %q; atob gives %q", c.I, b, decodeB64(t, *c.O))
		default:
			continue
		}
		if disagree++; disagree > 20 {
			t.Fatal("too many disagreements")
		}
	}
	t.Logf("%d base64 inputs, Node %s atob(), %d disagreements", len(v.Base64Cases), v.Node, disagree)
}
