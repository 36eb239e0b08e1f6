package url

import (
	"bytes"
	"database/sql"
	"database/sql/driver"
	"encoding"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"log/slog"
	"strings"
	"testing"
)

// The interfaces the marshaling methods promise.
var (
	_ encoding.TextMarshaler     = (*URL)(nil)
	_ encoding.TextUnmarshaler   = (*URL)(nil)
	_ encoding.TextAppender      = (*URL)(nil)
	_ encoding.BinaryMarshaler   = (*URL)(nil)
	_ encoding.BinaryUnmarshaler = (*URL)(nil)
	_ encoding.BinaryAppender    = (*URL)(nil)
	_ json.Marshaler             = (*URL)(nil)
	_ json.Unmarshaler           = (*URL)(nil)
	_ sql.Scanner                = (*URL)(nil)
	_ slog.LogValuer             = (*URL)(nil)
)

func TestMarshalJSON(t *testing.T) {
	tests := []struct {
		in   string // "" is the zero URL
		want string
	}{
		// The href, as a JSON string.
		{"https://example.com/a?b=1&c=2#d", `"https://example.com/a?b=1&c=2#d"`},
		// The zero URL is "".
		{"", `""`},
		// A '"' cannot be in an href, but a '\' can (non-special path).
		{"sc://h/a\\b", `"sc://h/a\\b"`},
		// An opaque path may hold spaces.
		{"data:text/plain,a b", `"data:text/plain,a b"`},
	}
	for _, tt := range tests {
		u := new(URL)
		if tt.in != "" {
			u = MustParse(tt.in)
		}
		direct, err := u.MarshalJSON()
		if err != nil || string(direct) != tt.want || !json.Valid(direct) {
			t.Errorf("MarshalJSON(%q) = %s, %v; want %s", tt.in, direct, err, tt.want)
		}
		// Through encoding/json, which may escape '&' for HTML.
		got, err := json.Marshal(u)
		if err != nil {
			t.Errorf("json.Marshal(%q): %v", tt.in, err)
		}
		var back URL
		if err := json.Unmarshal(got, &back); err != nil || back.Href() != u.Href() {
			t.Errorf("json round trip of %q = %q, %v", tt.in, back.Href(), err)
		}
	}
	// A nil *URL in a struct is null, and null leaves a URL unchanged.
	var s struct{ U *URL }
	if got, _ := json.Marshal(s); string(got) != `{"U":null}` {
		t.Errorf("nil *URL marshals to %s", got)
	}
	// A URL field of an addressable struct is marshaled as its href.
	var v struct{ A, B URL }
	if err := v.A.UnmarshalText([]byte("https://a/?x&y")); err != nil {
		t.Fatal(err)
	}
	if got, err := json.Marshal(&v); string(got) != `{"A":"https://a/?x\u0026y","B":""}` || err != nil {
		t.Errorf("json.Marshal(&struct{A, B URL}) = %s, %v", got, err)
	}
	u := MustParse("https://keep/")
	if err := json.Unmarshal([]byte("null"), u); err != nil || u.Href() != "https://keep/" {
		t.Errorf("null: href %q, err %v; want unchanged", u.Href(), err)
	}
}

func TestUnmarshalJSON(t *testing.T) {
	tests := []struct {
		json    string
		want    string    // href after unmarshaling
		wantErr ErrorKind // the Parse failure, if any
		other   bool      // an error that is not Parse's
	}{
		// The href is parsed and normalized.
		{`"HTTPS://EXAMPLE.com:443/a/../b"`, "https://example.com/b", 0, false},
		// JSON escapes are decoded before parsing.
		{`"https://h/\u00e9"`, "https://h/%C3%A9", 0, false},
		// "" is the zero URL.
		{`""`, "", 0, false},
		// An invalid href: Parse's *Error, and the URL unchanged.
		{`"https://h:99999/"`, "https://before/", PortOutOfRange, false},
		{`"no scheme"`, "https://before/", MissingSchemeNonRelativeURL, false},
		// Not a string: an error, the URL unchanged.
		{`42`, "https://before/", 0, true},
	}
	for _, tt := range tests {
		u := MustParse("https://before/")
		err := json.Unmarshal([]byte(tt.json), u)
		switch {
		case tt.wantErr != 0:
			var e *Error
			if !errors.Is(err, tt.wantErr) || !errors.As(err, &e) || e.Op != "parse" {
				t.Errorf("Unmarshal(%s) err = %v, want Parse's *Error for %v", tt.json, err, tt.wantErr)
			}
		case tt.other:
			if err == nil {
				t.Errorf("Unmarshal(%s) err = nil, want an error", tt.json)
			}
		case err != nil:
			t.Errorf("Unmarshal(%s) err = %v", tt.json, err)
		}
		if u.Href() != tt.want {
			t.Errorf("Unmarshal(%s): href %q, want %q", tt.json, u.Href(), tt.want)
		}
		if err := u.checkInvariants(); err != nil {
			t.Errorf("Unmarshal(%s): %v", tt.json, err)
		}
	}
	// In a struct, by value and by pointer.
	var s struct {
		A URL
		B *URL
	}
	if err := json.Unmarshal([]byte(`{"A":"https://a/","B":"https://b/"}`), &s); err != nil || s.A.Href() != "https://a/" || s.B.Href() != "https://b/" {
		t.Errorf("struct: A %q, B %v, err %v", s.A.Href(), s.B, err)
	}
}

func TestTextAndBinary(t *testing.T) {
	u := MustParse("https://u:p@h/a?b#c")
	for name, m := range map[string]func() ([]byte, error){
		"MarshalText":   u.MarshalText,
		"MarshalBinary": u.MarshalBinary,
	} {
		if b, err := m(); err != nil || string(b) != u.Href() {
			t.Errorf("%s = %q, %v", name, b, err)
		}
	}
	if b, _ := u.AppendText([]byte("x=")); string(b) != "x="+u.Href() {
		t.Errorf("AppendText = %q", b)
	}
	if b, _ := u.AppendBinary([]byte("x=")); string(b) != "x="+u.Href() {
		t.Errorf("AppendBinary = %q", b)
	}
	for name, un := range map[string]func(*URL, []byte) error{
		"UnmarshalText":   (*URL).UnmarshalText,
		"UnmarshalBinary": (*URL).UnmarshalBinary,
	} {
		v := MustParse("https://before/")
		// Valid text replaces the URL.
		if err := un(v, []byte("HTTP://X/y")); err != nil || v.Href() != "http://x/y" {
			t.Errorf("%s(valid): %q, %v", name, v.Href(), err)
		}
		// Invalid text: Parse's error, URL unchanged.
		if err := un(v, []byte("http://[::1")); !errors.Is(err, IPv6Unclosed) || v.Href() != "http://x/y" {
			t.Errorf("%s(invalid): %q, %v", name, v.Href(), err)
		}
		// Empty text: the zero URL.
		if err := un(v, nil); err != nil || v.Href() != "" || v.checkInvariants() != nil {
			t.Errorf("%s(empty): %q, %v", name, v.Href(), err)
		}
	}
	var zero URL
	if b, err := zero.MarshalText(); err != nil || len(b) != 0 {
		t.Errorf("zero MarshalText = %q, %v", b, err)
	}
}

func TestSQL(t *testing.T) {
	tests := []struct {
		src     any
		want    string
		wantErr bool
	}{
		{"https://h/a", "https://h/a", false},         // string column
		{[]byte("HTTPS://H/a"), "https://h/a", false}, // []byte column, normalized
		{nil, "", false}, // NULL is the zero URL
		{"", "", false},  // "" is the zero URL
		{"https://h:x/", "https://before/", true}, // invalid href: error, unchanged
		{int64(3), "https://before/", true},       // unsupported type
	}
	for _, tt := range tests {
		u := MustParse("https://before/")
		err := u.Scan(tt.src)
		if (err != nil) != tt.wantErr || u.Href() != tt.want {
			t.Errorf("Scan(%#v): %q, %v; want %q (error %v)", tt.src, u.Href(), err, tt.want, tt.wantErr)
		}
	}
	var pe *Error
	if err := new(URL).Scan("https://h:x/"); !errors.As(err, &pe) || !errors.Is(err, PortInvalid) {
		t.Errorf("Scan of an invalid href: %v, want Parse's *Error", err)
	}
	// Writing one back, as Scan's comment says: the href, or NULL for the
	// zero URL through sql.Null, both of which database/sql's converter
	// takes, and which Scan reads back to the same URL.
	for _, u := range []*URL{MustParse("https://h/a"), new(URL)} {
		col := sql.Null[string]{V: u.Href(), Valid: u.Href() != ""}
		v, err := driver.DefaultParameterConverter.ConvertValue(col)
		if err != nil {
			t.Fatalf("ConvertValue(%#v): %v", col, err)
		}
		back := MustParse("https://before/")
		if err := back.Scan(v); err != nil || back.Href() != u.Href() {
			t.Errorf("Scan(%#v) = %q, %v; want %q", v, back.Href(), err, u.Href())
		}
	}
}

func TestFlagTextVar(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var u URL
	fs.TextVar(&u, "endpoint", MustParse("https://default.example/"), "endpoint URL")
	if u.Href() != "https://default.example/" {
		t.Fatalf("default: %q", u.Href())
	}
	if err := fs.Parse([]string{"-endpoint", "HTTP://Example.COM:80/x"}); err != nil {
		t.Fatal(err)
	}
	if u.Href() != "http://example.com/x" {
		t.Errorf("after -endpoint: %q", u.Href())
	}
	// An invalid value is rejected by the flag package, with Parse's message.
	err := fs.Parse([]string{"-endpoint", "http://[::1"})
	if err == nil || !strings.Contains(err.Error(), "IPv6-unclosed") {
		t.Errorf("invalid -endpoint: err = %v", err)
	}
	if u.Href() != "http://example.com/x" {
		t.Errorf("invalid -endpoint changed the URL to %q", u.Href())
	}
}

func TestLogValue(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}))
	var nilURL *URL
	log.Info("fetch", "url", MustParse("https://user:hunter2@h/p"), "plain", MustParse("https://h/"), "nil", nilURL)
	got := buf.String()
	want := "level=INFO msg=fetch url=https://user:xxxxx@h/p plain=https://h/ nil=\"\"\n"
	if got != want {
		t.Errorf("log line = %q, want %q", got, want)
	}
	if strings.Contains(got, "hunter2") {
		t.Error("the password was logged")
	}
}
