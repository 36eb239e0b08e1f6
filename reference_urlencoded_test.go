package url

// A spec-literal application/x-www-form-urlencoded parser, the oracle
// for ParseForm's one-pass shortcuts (appendParsedForm, formDecoder):
// each step as the URL Standard and the Encoding Standard write it, byte
// by byte, no shortcut.

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// refParseForm is the application/x-www-form-urlencoded parser.
// https://url.spec.whatwg.org/#concept-urlencoded-parser
func refParseForm(input string) []Param {
	// 1. Let sequences be the result of splitting input on 0x26 (&).
	sequences := strings.Split(input, "&")
	// 2. Let output be an initially empty list of name-value tuples
	// where both name and value hold a string.
	var output []Param
	// 3. For each byte sequence bytes in sequences:
	for _, bytes := range sequences {
		// 3.1. If bytes is the empty byte sequence, then continue.
		if bytes == "" {
			continue
		}
		var name, value []byte
		// 3.2. If bytes contains a 0x3D (=), then let name be the bytes
		// from the start of bytes up to but excluding its first 0x3D
		// (=), and let value be the bytes, if any, after the first 0x3D
		// (=) up to the end of bytes.
		first := -1
		for i := 0; i < len(bytes); i++ {
			if bytes[i] == '=' {
				first = i
				break
			}
		}
		if first >= 0 {
			name, value = []byte(bytes[:first]), []byte(bytes[first+1:])
		} else {
			// 3.3. Otherwise, let name have the value of bytes and let
			// value be the empty byte sequence.
			name, value = []byte(bytes), nil
		}
		// 3.4. Replace any 0x2B (+) in name and value with 0x20 (SP).
		for _, b := range [][]byte{name, value} {
			for i := range b {
				if b[i] == '+' {
					b[i] = ' '
				}
			}
		}
		// 3.5. Let nameString and valueString be the result of running
		// UTF-8 decode without BOM on the percent-decoding of name and
		// value, respectively.
		nameString := refUTF8DecodeWithoutBOM(refPercentDecodeBytes(name))
		valueString := refUTF8DecodeWithoutBOM(refPercentDecodeBytes(value))
		// 3.6. Append (nameString, valueString) to output.
		output = append(output, Param{nameString, valueString})
	}
	// 4. Return output.
	return output
}

// refUTF8DecodeWithoutBOM is the Encoding Standard's UTF-8 decode
// without BOM: the UTF-8 decoder run on the stream with error mode
// replacement (a leading BOM is kept).
// https://encoding.spec.whatwg.org/#utf-8-decode-without-bom
// https://encoding.spec.whatwg.org/#utf-8-decoder
func refUTF8DecodeWithoutBOM(stream []byte) string {
	var out []rune
	codePoint, bytesSeen, bytesNeeded := rune(0), 0, 0
	lower, upper := byte(0x80), byte(0xBF)
	for i := 0; ; {
		// 1. If byte is end-of-queue and UTF-8 bytes needed is not 0,
		// set UTF-8 bytes needed to 0 and return error.
		// 2. If byte is end-of-queue, return finished.
		if i == len(stream) {
			if bytesNeeded != 0 {
				out = append(out, utf8.RuneError)
			}
			return string(out)
		}
		b := stream[i]
		i++
		// 3. If UTF-8 bytes needed is 0, based on byte:
		if bytesNeeded == 0 {
			switch {
			case b <= 0x7F: // Return a code point whose value is byte.
				out = append(out, rune(b))
			case 0xC2 <= b && b <= 0xDF:
				bytesNeeded, codePoint = 1, rune(b&0x1F)
			case 0xE0 <= b && b <= 0xEF:
				if b == 0xE0 {
					lower = 0xA0
				}
				if b == 0xED {
					upper = 0x9F
				}
				bytesNeeded, codePoint = 2, rune(b&0xF)
			case 0xF0 <= b && b <= 0xF4:
				if b == 0xF0 {
					lower = 0x90
				}
				if b == 0xF4 {
					upper = 0x8F
				}
				bytesNeeded, codePoint = 3, rune(b&0x7)
			default: // Return error.
				out = append(out, utf8.RuneError)
			}
			continue
		}
		// 4. If byte is not in the range UTF-8 lower boundary to UTF-8
		// upper boundary, inclusive: set code point, bytes needed and
		// bytes seen to 0, the boundaries to 0x80 and 0xBF, restore
		// byte to ioQueue, and return error.
		if b < lower || b > upper {
			codePoint, bytesNeeded, bytesSeen = 0, 0, 0
			lower, upper = 0x80, 0xBF
			i--
			out = append(out, utf8.RuneError)
			continue
		}
		// 5. Set the boundaries to 0x80 and 0xBF.
		lower, upper = 0x80, 0xBF
		// 6. Set UTF-8 code point to (UTF-8 code point << 6) | (byte &
		// 0x3F).
		codePoint = codePoint<<6 | rune(b&0x3F)
		// 7. Increase UTF-8 bytes seen by one.
		bytesSeen++
		// 8. If UTF-8 bytes seen is not equal to UTF-8 bytes needed,
		// return continue.
		if bytesSeen != bytesNeeded {
			continue
		}
		// 9. Let code point be UTF-8 code point. 10. Set the state to
		// 0. 11. Return a code point whose value is code point.
		out = append(out, codePoint)
		codePoint, bytesNeeded, bytesSeen = 0, 0, 0
	}
}

// referenceFormInputs are queries for the reference parser: WPT's
// shapes and the edge cases of the one-pass parser (empty sequences,
// '=' first and last, '+' and '%' in names and values, truncated and
// invalid escapes, invalid UTF-8 raw and percent-encoded).
var referenceFormInputs = []string{
	"", "&", "&&", "=", "==", "a", "a=", "=a", "a=b=c", "a&b", "&a&&b&",
	"a+b=c+d", "%41=%4a%4A", "%", "%4", "%zz=%g1", "a%=b%2", "%e2%82%ac=%E2%82",
	"\xff=\xfe", "a\xe2\x82=\xe2\x82\xac", "%ef%bb%bfx=1", "\ufeffx=1", "+=+&+",
	"limit=foo%2Fbar&doi=jas.2002.453.456&category=a%20b&q=hello+world&article=1001",
	"%f0%9f%98=%f0%9f%98%80&%c0%af=%ed%a0%80",
}

func TestReferenceParseForm(t *testing.T) {
	for _, in := range referenceFormInputs {
		if got, want := ParseForm(in), refParseForm(in); !equalParams(got, want) {
			t.Errorf("ParseForm(%+q) = %+q, reference %+q", in, got, want)
		}
	}
}

// TestReferenceParseFormWPT checks the reference parser itself on WPT's
// urlencoded-parser-data.json.
func TestReferenceParseFormWPT(t *testing.T) {
	var raw []json.RawMessage
	loadWPT(t, "urlencoded-parser-data.json", &raw)
	cases := objects(t, raw)
	if len(cases) == 0 {
		t.Fatal("urlencoded-parser-data.json: no cases")
	}
	for _, r := range cases {
		var tc struct {
			Input  string      `json:"input"`
			Output [][2]string `json:"output"`
		}
		if err := json.Unmarshal(r, &tc); err != nil {
			t.Fatalf("%v in %s", err, r)
		}
		var want []Param
		for _, o := range tc.Output {
			want = append(want, Param{o[0], o[1]})
		}
		if got := refParseForm(tc.Input); !equalParams(got, want) {
			t.Errorf("refParseForm(%+q) = %+q, want %+q", tc.Input, got, want)
		}
	}
}

// equalParams compares lists, nil and empty alike.
func equalParams(a, b []Param) bool {
	return len(a) == 0 && len(b) == 0 || slices.Equal(a, b)
}

// FuzzParseFormReference compares ParseForm with the spec-literal
// parser.
func FuzzParseFormReference(f *testing.F) {
	for _, in := range referenceFormInputs {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if got, want := ParseForm(in), refParseForm(in); !equalParams(got, want) {
			t.Fatalf("ParseForm(%+q) = %+q, reference %+q", in, got, want)
		}
	})
}
