package url

// Legacy encodings for the query of a URL and for
// application/x-www-form-urlencoded serialization (URL Standard, section
// 1.3, "percent-encode after encoding"). This file is the API; the
// Encoding Standard's encoders, their corrections of golang.org/x/text
// and their tests against the Standard's index files are in
// internal/legacy. The Encoding Standard's labels ("latin1", "sjis") are
// package charset's: the table names every encoding, and naming one links
// its tables.

import (
	"golang.org/x/text/encoding"

	"github.com/weburl/url/internal/legacy"
	"github.com/weburl/url/internal/percent"
)

// OutputEncoding implements the Encoding Standard's "get an output
// encoding": it returns UTF-8 for nil, the replacement encoding, UTF-16BE
// and UTF-16LE, and enc otherwise. Forms and URL queries are never
// encoded in those encodings.
// https://encoding.spec.whatwg.org/#get-an-output-encoding
func OutputEncoding(enc encoding.Encoding) encoding.Encoding {
	return legacy.Output(enc)
}

// appendPercentEncodeAfterEncoding appends to dst the result of the URL
// Standard's "percent-encode after encoding" of s with enc and set.
// spaceAsPlus is that algorithm's step 2, which derives it from set
// (set == FormURLEncodedSet); callers that know it pass it.
// https://url.spec.whatwg.org/#string-percent-encode-after-encoding
//
// enc is first mapped through OutputEncoding, so nil, UTF-8, UTF-16 and
// replacement all take the UTF-8 path. s is a Go string, not a scalar
// value string: each byte that is not part of valid UTF-8 is taken as
// U+FFFD. set must contain every byte >= 0x80 (every EncodeSet does).
// A code point the encoding cannot represent becomes "%26%23" + its
// decimal value + "%3B", that is "&#N;" percent-encoded.
func appendPercentEncodeAfterEncoding(dst []byte, enc encoding.Encoding, s string, set EncodeSet, spaceAsPlus bool) []byte {
	if e := legacy.NewEncoder(enc); e != nil {
		return legacy.AppendPercentEncoded(e, dst, s, &percentTable, set, spaceAsPlus)
	}
	return appendPercentEncodeUTF8(dst, s, set, spaceAsPlus)
}

// appendPercentEncodeUTF8 is percent-encode after encoding with UTF-8:
// a byte that is not part of valid UTF-8 becomes %EF%BF%BD (U+FFFD).
func appendPercentEncodeUTF8(dst []byte, s string, set EncodeSet, spaceAsPlus bool) []byte {
	return percent.AppendUTF8(dst, s, &percentTable, set, spaceAsPlus)
}

// PercentEncodeAfterEncoding is the URL Standard's string percent-encode
// after encoding: s is encoded with enc (nil means UTF-8; UTF-16 and
// replacement also mean UTF-8, as for URLs and forms), every byte of the
// result in set is percent-encoded, and a code point enc cannot represent
// becomes "&#N;" percent-encoded ("%26%23N%3B"). A space becomes "+"
// when set is [FormURLEncodedSet] (the standard's spaceAsPlus, which
// follows from the set since whatwg/url dc66b3b), and is percent-encoded
// (or kept) by the set otherwise. Bytes of s that are not valid UTF-8
// count as U+FFFD.
//
// The standard calls it with a legacy encoding only for
// [SpecialQuerySet] and [FormURLEncodedSet] (its assertion); other sets
// work with any encoding here.
// https://url.spec.whatwg.org/#string-percent-encode-after-encoding
func PercentEncodeAfterEncoding(s string, enc encoding.Encoding, set EncodeSet) string {
	// 2. Let spaceAsPlus be true if percentEncodeSet is the
	// application/x-www-form-urlencoded percent-encode set.
	return string(appendPercentEncodeAfterEncoding(nil, enc, s, set, set == FormURLEncodedSet))
}
