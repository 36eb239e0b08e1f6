package url

// Encoding a URL for storage and transport: text, JSON, binary,
// database/sql and log/slog. Every form is the href; the zero URL is the
// empty string (or SQL NULL), and the empty string decodes to the zero
// URL. Decoding parses with Parse, so an invalid input fails with Parse's
// *Error and leaves the URL as it was.

import (
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/weburl/url/internal/percent"
)

// MarshalText returns the href. It implements [encoding.TextMarshaler], so
// a *URL works with [flag.TextVar], encoding/xml and text-keyed maps.
// (flag.TextVar copies its default URL into the variable: give it a
// default whose [SearchParams] has not been used.)
func (u *URL) MarshalText() ([]byte, error) {
	if u == nil {
		return []byte{}, nil
	}
	return []byte(u.Href()), nil
}

// AppendText appends the href to b. It implements [encoding.TextAppender].
func (u *URL) AppendText(b []byte) ([]byte, error) {
	if u == nil {
		return b, nil
	}
	return append(b, u.Href()...), nil
}

// UnmarshalText parses text with [Parse] and makes u that URL; empty text
// makes u the zero URL. On failure it returns Parse's *[Error] and leaves u
// unchanged. It implements [encoding.TextUnmarshaler].
func (u *URL) UnmarshalText(text []byte) error {
	return u.unmarshal(string(text))
}

// MarshalBinary returns the href, as [net/url.URL.MarshalBinary] does. It
// implements [encoding.BinaryMarshaler].
func (u *URL) MarshalBinary() ([]byte, error) { return u.MarshalText() }

// AppendBinary appends the href to b. It implements
// [encoding.BinaryAppender].
func (u *URL) AppendBinary(b []byte) ([]byte, error) { return u.AppendText(b) }

// UnmarshalBinary is [URL.UnmarshalText]: data is an href. It implements
// [encoding.BinaryUnmarshaler].
func (u *URL) UnmarshalBinary(data []byte) error { return u.unmarshal(string(data)) }

// MarshalJSON returns the href as a JSON string; the zero URL gives "".
// Only '"', the backslash and control characters are escaped: '&' stays
// '&' (an encoding/json Encoder may still escape it for HTML). It
// implements [encoding/json.Marshaler].
//
// Like every method of URL it has a pointer receiver, because a URL must
// not be copied: encoding/json calls it for a *URL, and for a URL field
// of a struct only when the struct is addressable (marshal a pointer to
// the struct, or use a *URL field); otherwise the field is written as {}.
func (u *URL) MarshalJSON() ([]byte, error) {
	if u == nil {
		return []byte("null"), nil
	}
	u = u.current()
	b := make([]byte, 0, len(u.href)+2)
	b = append(b, '"')
	for i := 0; i < len(u.href); i++ {
		switch c := u.href[i]; {
		case c >= 0x80:
			// Not in an href the parser made; let encoding/json check it.
			return json.Marshal(u.href)
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', percent.UpperHex[c>>4], percent.UpperHex[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"'), nil
}

// UnmarshalJSON parses a JSON string with [Parse] and makes u that URL; ""
// makes u the zero URL and null leaves u unchanged, as encoding/json
// does for other types. Anything but a string or null is an error. On
// failure u is unchanged; an href that does not parse gives Parse's
// *[Error]. It implements [encoding/json.Unmarshaler].
func (u *URL) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return &Error{Op: "unmarshal JSON", Input: string(data), Err: err}
	}
	return u.unmarshal(s)
}

// Scan makes u the URL in src, a string or []byte holding an href, as
// database/sql reads a column. NULL (nil) and the empty string make u
// the zero URL. On failure u is unchanged; an href that does not parse
// gives [Parse]'s *[Error]. It implements [database/sql.Scanner].
//
// To write a URL to a column, pass its [URL.Href]; for NULL in place of
// the zero URL, sql.Null[string]{V: u.Href(), Valid: u.Href() != ""}.
// URL has no Value method (database/sql/driver.Valuer): under Go 1.27
// that package links crypto/rand into every program that parses a URL.
func (u *URL) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		return u.unmarshal("")
	case string:
		return u.unmarshal(v)
	case []byte:
		return u.unmarshal(string(v))
	}
	return fmt.Errorf("url: scan %T: not a string, []byte or nil", src)
}

// LogValue returns the href with its password redacted, as [URL.Redacted]
// does, so that logging a URL with log/slog does not leak a credential.
// It implements [log/slog.LogValuer].
func (u *URL) LogValue() slog.Value {
	return slog.StringValue(u.Redacted())
}

// unmarshal makes u the URL href parses to, or the zero URL for "".
func (u *URL) unmarshal(href string) error {
	if href == "" {
		u.assign(new(URL))
		return nil
	}
	v, err := Parse(href)
	if err != nil {
		return err
	}
	u.assign(v)
	return nil
}
