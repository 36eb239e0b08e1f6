package ecmascript

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// jsString is a JavaScript string as testdata/gen.js stores it:
// a JSON string, an array of UTF-16 code units, or null for "threw
// URIError".
type jsString struct {
	threw bool
	units []uint16
}

func (j *jsString) UnmarshalJSON(b []byte) error {
	switch {
	case bytes.Equal(b, []byte("null")):
		j.threw = true
		return nil
	case len(b) > 0 && b[0] == '[':
		return json.Unmarshal(b, &j.units)
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	j.units = utf16.Encode([]rune(s))
	return nil
}

// wtf8 is the string as the Go functions take it: surrogate pairs as UTF-8,
// lone surrogates in three-byte generalized UTF-8.
func (j jsString) wtf8() string {
	var b []byte
	for i := 0; i < len(j.units); i++ {
		u := rune(j.units[i])
		if utf16.IsSurrogate(u) && i+1 < len(j.units) {
			if r := utf16.DecodeRune(u, rune(j.units[i+1])); r != utf8.RuneError {
				b = utf8.AppendRune(b, r)
				i++
				continue
			}
		}
		if utf16.IsSurrogate(u) {
			b = append(b, 0xE0|byte(u>>12), 0x80|byte(u>>6)&0x3F, 0x80|byte(u)&0x3F)
			continue
		}
		b = utf8.AppendRune(b, u)
	}
	return string(b)
}

// valid is the string with each lone surrogate replaced by U+FFFD, as
// Unescape writes it.
func (j jsString) valid() string { return string(utf16.Decode(j.units)) }

// TestECMAScriptVectors checks every function against Node's results in
// testdata/vectors.json (see gen.js there for the format).
func TestECMAScriptVectors(t *testing.T) {
	data, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Node      string
		Functions []string
		Vectors   [][]jsString
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	type goFunc struct {
		name string
		call func(string) (string, *Fault)
		// want is what the Go function must return for JavaScript's
		// result.
		want func(jsString) string
	}
	noErr := func(f func(string) string) func(string) (string, *Fault) {
		return func(s string) (string, *Fault) { return f(s), nil }
	}
	funcs := map[string]goFunc{
		"encodeURI":          {"EncodeURI", EncodeURI, jsString.wtf8},
		"encodeURIComponent": {"EncodeURIComponent", EncodeURIComponent, jsString.wtf8},
		"decodeURI":          {"DecodeURI", DecodeURI, jsString.wtf8},
		"decodeURIComponent": {"DecodeURIComponent", DecodeURIComponent, jsString.wtf8},
		"escape":             {"Escape", noErr(Escape), jsString.wtf8},
		// JavaScript's lone surrogates become U+FFFD, as documented.
		"unescape": {"Unescape", noErr(Unescape), jsString.valid},
	}
	if len(file.Functions) != len(funcs) {
		t.Fatalf("vectors.json has functions %q", file.Functions)
	}
	pass := make([]int, len(file.Functions))
	throws := make([]int, len(file.Functions))
	for _, v := range file.Vectors {
		if len(v) != 1+len(file.Functions) {
			t.Fatalf("vector %v: want %d fields", v, 1+len(file.Functions))
		}
		in := v[0].wtf8()
		for k, name := range file.Functions {
			f, ok := funcs[name]
			if !ok {
				t.Fatalf("unknown function %q", name)
			}
			got, err := f.call(in)
			if v[k+1].threw {
				throws[k]++
				if err == nil {
					t.Errorf("%s(%+q) = %+q; JavaScript throws URIError", f.name, in, got)
					continue
				}
				if err.Offset < 0 || err.Offset >= len(in) || err.Reason == "" || got != "" {
					t.Errorf("%s(%+q) = %+q, %+v: bad fault", f.name, in, got, *err)
					continue
				}
				pass[k]++
				continue
			}
			if want := f.want(v[k+1]); err != nil || got != want {
				t.Errorf("%s(%+q) = %+q, %+v; JavaScript gives %+q", f.name, in, got, err, want)
				continue
			}
			pass[k]++
		}
	}
	for k, name := range file.Functions {
		t.Logf("%-20s %d/%d vectors pass (%d where Node %s throws URIError)",
			funcs[name].name, pass[k], len(file.Vectors), throws[k], file.Node)
	}
	if len(file.Vectors) < 1000 {
		t.Errorf("only %d vectors", len(file.Vectors))
	}
}
