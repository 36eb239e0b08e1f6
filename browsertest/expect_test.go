package browsertest

import (
	"errors"
	"unicode/utf16"

	url "github.com/weburl/url"
)

// fieldNames are the rows of the viewer's components table, after the
// "result" row: the URL API's names and the host kind.
var fieldNames = []string{"href", "origin", "protocol", "username", "password", "host",
	"hostname", "port", "pathname", "search", "hash", "hostKind"}

// reading is what the viewer must show as weburl's reading of an input
// against a base: what the library says, computed here independently of
// the viewer's code.
type reading struct {
	OK     bool
	Fields map[string]string // by fieldNames
	// Err is the failure's message; ErrIn "input" or "base"; ErrKind
	// the fatal validation error's name.
	Err, ErrIn, ErrKind string
	Errors              []libError
	Params              [][2]string
}

// libError is a validation error with its offsets in UTF-8 bytes and in
// UTF-16 code units.
type libError struct {
	Name             string
	Offset, Offset16 int
	Fatal            bool
}

// libRead parses input against base ("" for none) with the library.
func libRead(input, base string) reading {
	var r reading
	var b *url.URL
	if base != "" {
		var err error
		if b, err = url.Parse(base); err != nil {
			r.Err, r.ErrIn = err.Error(), "base"
			var ve *url.ValidationError
			if errors.As(err, &ve) {
				r.ErrKind = ve.Kind.String()
			}
			return r
		}
	}
	var log url.ValidationLog
	p := url.Parser{OnValidationError: log.Add}
	u, err := p.ParseRef(b, input)
	for _, e := range log.Errors {
		r.Errors = append(r.Errors, libError{e.Kind.String(), e.Offset, utf16Len(input[:min(e.Offset, len(input))]), e.Fatal})
	}
	if err != nil {
		r.Err, r.ErrIn = err.Error(), "input"
		var ve *url.ValidationError
		if errors.As(err, &ve) {
			r.ErrKind = ve.Kind.String()
		}
		return r
	}
	r.OK = true
	r.Fields = map[string]string{
		"href": u.Href(), "origin": u.Origin(), "protocol": u.Protocol(),
		"username": u.Username(), "password": u.Password(), "host": u.Host(),
		"hostname": u.Hostname(), "port": u.Port(), "pathname": u.Pathname(),
		"search": u.Search(), "hash": u.Hash(), "hostKind": u.HostKind().String(),
	}
	for name, value := range u.SearchParams().All() {
		r.Params = append(r.Params, [2]string{name, value})
	}
	return r
}

// utf16Len is the length of s in UTF-16 code units, as JavaScript
// counts (an invalid byte is one U+FFFD).
func utf16Len(s string) int {
	return len(utf16.Encode([]rune(s)))
}
