package dataurl

import (
	"bytes"
	"testing"

	url "github.com/weburl/url"
)

// TestIsNormalDataURL: Parse's shortcut is taken only for inputs the URL
// parser gives back unchanged, for every byte in every part of a data:
// URL, and for the shapes that are not opaque paths.
func TestIsNormalDataURL(t *testing.T) {
	var inputs []string
	for c := range 256 {
		for _, shape := range []string{"data:a%cb,c", "data:a,b%c", "data:a,b?c%cd", "data:a,b#c%cd", "data:%c", "data:,%c"} {
			inputs = append(inputs, fmtByte(shape, byte(c)))
		}
	}
	inputs = append(inputs, "data:", "data:/a/../b,x", "DATA:,x", "data:,a ", "data: ,a", "data:,a b#c", "data:?#", "data:,%zz%4")
	shortcuts := 0
	for _, s := range inputs {
		if !isNormalDataURL(s) {
			continue
		}
		shortcuts++
		u, err := url.Parse(s)
		if err != nil || u.Href() != s {
			t.Errorf("isNormalDataURL(%q), but the URL parser gives %v, %v", s, u, err)
		}
	}
	for _, s := range []string{"data:/a/../b,x", "DATA:,x", "data:,a ", "data:,a\tb", "data:,\x80"} {
		if isNormalDataURL(s) {
			t.Errorf("isNormalDataURL(%q)", s)
		}
	}
	if shortcuts < len(inputs)/3 {
		t.Errorf("only %d of %d inputs take the shortcut", shortcuts, len(inputs))
	}
}

// fmtByte puts c where shape has "%c".
func fmtByte(shape string, c byte) string {
	i := bytes.Index([]byte(shape), []byte("%c"))
	return shape[:i] + string([]byte{c}) + shape[i+2:]
}

// TestProcessFragment: the fragment is not part of the body, whether the
// URL is built or not.
func TestProcessFragment(t *testing.T) {
	for _, s := range []string{"data:,a#b", "data:,a?q#b#c", "DATA:,a#b"} {
		d, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"data:,a#b": "a", "data:,a?q#b#c": "a?q", "DATA:,a#b": "a"}[s]
		if string(d.Body) != want {
			t.Errorf("Parse(%q).Body = %q, want %q", s, d.Body, want)
		}
	}
}
