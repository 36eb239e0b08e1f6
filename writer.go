package url

import (
	"unicode/utf8"

	"github.com/weburl/url/internal/percent"
)

// The writers of a URL's path, query and fragment: how a run of a
// component's code points is percent-encoded, and how a path's
// segments are written, dot segments and all. The state machine
// (parser_states.go), the one-pass tail (tail.go) and the setters
// (setters.go) call them, so that a fix to how a component is written
// is made here:
//
//   - appendEncodedRun is the one loop that percent-encodes: the query
//     state's step 2 and the fragment state's step 1.3 (writeEncoded,
//     appendQuery), step 2.3 of the path state for the bytes to encode
//     in a segment (appendPath; appendSegment through writeEncoded),
//     the userinfo and opaque hosts (writeEncoded), the setters' splice
//     (spliceEncoded, setUserinfo), the tail's query and fragment, and
//     PercentEncode.
//   - appendPath is the path state for a URL that is not file, with no
//     validation errors to report, in one pass over a []byte: the
//     one-pass tail's path, the pathname setter's (writePath), and the
//     state machine's (walkPath, into the parser's output). In front of
//     it the state machine keeps its output a count while that is the
//     input (output.go): it writes what plainPath says the walk copies
//     as it is, and takes dot segments there with shortenPath, and
//     hands the rest of the path to appendPath at the first "\\" or
//     byte to encode, or once the output differs. Only with validation
//     errors to report, or in a file URL (the drive-letter quirk), does
//     the path state take each segment itself (checkedSegment,
//     appendSegment). All of them tell dot segments by dotSegmentAt.
//   - querySet is the query's percent-encode set.

// appendEncodedRun appends s to dst with every byte of set
// percent-encoded (the URL Standard's UTF-8 percent-encode of each code
// point of s), and returns dst and the offset in s where it stopped.
// Runs of bytes that need no encoding are copied at once.
//
// With asInput false, s is a string of code points (the parser's
// preprocessed input, a setter's cleaned value, PercentEncode's
// argument): each byte is taken as it is, and the offset is len(s).
// With asInput true, s is input the basic URL parser did not
// preprocess (the one-pass tail reads the input in place): a byte that
// is not part of valid UTF-8 is U+FFFD, encoded "%EF%BF%BD", as
// preprocessing makes it; and an ASCII tab or newline, which
// preprocessing removes, stops the run: the offset is where it is, and
// the caller leaves the rest to the state machine.
func appendEncodedRun(dst []byte, s string, set EncodeSet, asInput bool) ([]byte, int) {
	i := 0
	for i < len(s) {
		j := i
		if percentTable[s[i]]&set == 0 {
			// A run of bytes that need no encoding, copied at once. (A
			// byte to encode at i, as every byte of a path's run to
			// encode is (pathEncodeRun), goes on without a scan.)
			j = scan(s, i+1, &percentTable, set)
			dst = append(dst, s[i:j]...)
			if j == len(s) {
				return dst, j
			}
		}
		c := s[j]
		switch {
		case c < utf8.RuneSelf:
			if asInput && (c == '\t' || c == '\n' || c == '\r') {
				return dst, j
			}
		case !asInput:
			// A run of U+FFFD, what preprocessing makes of invalid
			// UTF-8 (replacementsAt): nine bytes out for each, in bulk.
			if c == 0xEF {
				if k, n := replacementsAt(s, j, false); n > 0 {
					dst = appendEncodedReplacements(dst, n)
					i = k
					continue
				}
			}
		default:
			// Read as input: a code point's bytes, or a run of
			// replacements (invalid bytes, U+FFFD) in bulk.
			n := validRuneLen(s, j)
			if n == 0 || c == 0xEF && s[j:j+n] == "\uFFFD" {
				k, m := replacementsAt(s, j, true)
				dst = appendEncodedReplacements(dst, m)
				i = k
				continue
			}
			for _, b := range []byte(s[j : j+n]) {
				dst = append(dst, '%', percent.UpperHex[b>>4], percent.UpperHex[b&15])
			}
			i = j + n
			continue
		}
		dst = append(dst, '%', percent.UpperHex[c>>4], percent.UpperHex[c&15])
		i = j + 1
	}
	return dst, len(s)
}

// replacementsAt returns the end of the run at s[j:] of U+FFFD and, with
// asInput, of bytes that are not part of valid UTF-8 (each of which
// preprocessing makes U+FFFD), and how many replacement characters it
// holds (0 when s[j] starts neither).
func replacementsAt(s string, j int, asInput bool) (end, n int) {
	for j < len(s) {
		switch {
		case len(s)-j >= 3 && s[j:j+3] == "\uFFFD":
			j += 3
		case asInput && s[j] >= utf8.RuneSelf && validRuneLen(s, j) == 0:
			j++
		default:
			return j, n
		}
		n++
	}
	return j, n
}

// appendEncodedReplacements appends U+FFFD percent-encoded n times, in
// copies of up to 16 at once.
func appendEncodedReplacements(dst []byte, n int) []byte {
	for n > 0 {
		m := min(n, len(encodedReplacementRun)/len(encodedReplacement))
		dst = append(dst, encodedReplacementRun[:m*len(encodedReplacement)]...)
		n -= m
	}
	return dst
}

// querySet is the query state's step 2.1: the special-query
// percent-encode set if the URL's scheme is special; otherwise the
// query percent-encode set. The query state (appendQuery), the search
// setter and the one-pass tail ask it.
func querySet(scheme schemeType) EncodeSet {
	if scheme.special() {
		return SpecialQuerySet
	}
	return QuerySet
}

// encodedReplacement is U+FFFD, the replacement of an invalid UTF-8
// byte, percent-encoded, and encodedReplacementRun 16 of them.
const (
	encodedReplacement    = "%EF%BF%BD"
	encodedReplacementRun = encodedReplacement + encodedReplacement + encodedReplacement + encodedReplacement +
		encodedReplacement + encodedReplacement + encodedReplacement + encodedReplacement +
		encodedReplacement + encodedReplacement + encodedReplacement + encodedReplacement +
		encodedReplacement + encodedReplacement + encodedReplacement + encodedReplacement
)

// pathEncodeRun returns the end of the run of bytes at s[j:] that the
// path state percent-encodes (step 2.3) and that are no delimiter of
// mask (step 1's c: "/", "\\" in a special URL, "?" and "#" without
// state override): the bytes appendEncodedRun takes with PathSet. A
// code point's bytes are all in the path percent-encode set, so the run
// never ends inside one.
func pathEncodeRun(s string, j int, mask uint8) int {
	k := j + 1
	for k < len(s) && pathClass[s[k]]&(mask|pathEncode) == pathEncode {
		k++
	}
	return k
}

// plainPath returns the offset of the first byte at or after s[i] where
// the path walk (appendPath) writes something other than s: the end of
// s, step 1's "?" or "#" (of mask), a "\\" that ends a segment (in a
// special URL), a byte the path percent-encodes (step 2.3), or the start
// of a dot segment (dotSegmentAt). Up to there the walk writes s itself,
// the "/" between segments and all. seg is where the segment that holds
// s[i] starts. It reads runs of pathRunClass at once, and steps over a
// "." or "%" that starts no dot segment and, in a URL that is not
// special, a "\\", as appendPath's loop does. The state machine's path
// state (walkPath) asks it for what it writes while its output is the
// input (output.go); TestPlainPath holds it to appendPath. (appendPath
// does not call it: a call for each stop cost the one-pass tail 3%.)
func plainPath(s string, i, seg int, mask uint8) int {
	for {
		j := scan(s, i, &pathRunClass, 1)
		if j == len(s) {
			return j
		}
		switch c := s[j]; {
		case c == '.' || c == '%':
			if j == seg || s[j-1] == '/' {
				if dot, _ := dotSegmentAt(s, j, mask); dot != notDot {
					return j
				}
			}
		case c == '\\' && mask&delimBackslash == 0:
			// "\\" in a URL that is not special: a byte like any other.
		default:
			return j
		}
		i = j + 1
	}
}

// appendPath is the path state for a URL that is not file, with no
// validation errors to report, in one pass over a []byte: from the
// segment at s[i:] (the "/" before it not written; or, at i == 0,
// nothing before it) to the end of s or step 1's "?" or "#", whose
// offset it returns. mask is step 1's delimiters (as pathState sets
// them): "/", "\\" if the URL is special, and "?" and "#" unless state
// override is given. pathStart is where the path starts in dst, for
// shorten url's path. s is read as appendEncodedRun reads it with
// asInput (a string that preprocessing left, or a setter's cleaned
// value, reads as it is). It reports false, with dst in no defined
// state, at an ASCII tab or newline, or where percent-encoding a run of
// bytes would take dst past limit bytes (the parser's length limit:
// only encoding makes dst longer than what it copies from s), with the
// offset where it stopped. The one-pass tail (appendTail), the pathname
// setter (writePath) and the state machine's path state (walkPath) call
// it.
//
// It copies runs of segments at once: up to a byte of pathRunClass
// ("\\", "?", "#", a byte to encode, or "." and "%", which may start a
// dot segment), with the "/" between them, which the serializer writes
// before each segment. Its steps:
//   - 1.2 and 1.3, the dot segments (dotSegmentAt): shorten url's path
//     drops the path's last "/" and what follows (for a URL that is not
//     file), and a dot segment that ends the path leaves an empty
//     segment, "/";
//   - 1.1-1.5 for "\\", which ends a segment in a special URL;
//   - 1.4.2, with the serializer's "/" before each segment;
//   - 2.3, percent-encoding with the path percent-encode set
//     (pathEncodeRun, appendEncodedRun).
func appendPath(dst []byte, s string, i, pathStart int, mask uint8, limit int) ([]byte, int, bool) {
	slashes := mask & (delimSlash | delimBackslash)
	// dst ends with the "/" before the segment at i when i == seg.
	start := i - 1
	if i == 0 || s[start] != '/' {
		dst = append(dst, '/')
		start = i
	}
	seg := i // where the last segment started
	for {
		j := scan(s, i, &pathRunClass, 1)
		dst = append(dst, s[start:j]...)
		if j == len(s) {
			return dst, j, true
		}
		c := s[j]
		switch {
		case delimClass[c]&mask&^slashes != 0:
			return dst, j, true // "?" or "#": 1.6 or 1.7
		case c == '.' || c == '%':
			if j != seg && s[j-1] != '/' {
				i, start = j+1, j // not at a segment's start: no dot segment
				continue
			}
			// 1.2. If buffer is a double-dot URL path segment: 1.2.1.
			// Shorten url's path (for a URL that is not file: drop its
			// last item). 1.2.2 and 1.3: if c is neither "/" nor "\\"
			// (in a special URL), append the empty string to url's path.
			// (The "/" written before the dot segment is dropped first.)
			dot, k := dotSegmentAt(s, j, mask)
			if dot == notDot {
				i, start = j+1, j
				continue
			}
			dst = dst[:len(dst)-1]
			if dot == doubleDot {
				for d := len(dst) - 1; d >= pathStart; d-- {
					if dst[d] == '/' {
						dst = dst[:d]
						break
					}
				}
			}
			if k == len(s) || delimClass[s[k]]&slashes == 0 {
				return append(dst, '/'), k, true
			}
			if s[k] == '/' {
				i, start, seg = k+1, k, k+1
			} else {
				dst = append(dst, '/') // "\\": the next segment's "/"
				i, start, seg = k+1, k+1, k+1
			}
		case c == '\\' && slashes&delimBackslash != 0:
			// 1.1-1.5: "\\" ends a segment in a special URL; the next one
			// has a "/" before it.
			dst = append(dst, '/')
			i, start, seg = j+1, j+1, j+1
		case pathClass[c]&pathEncode == 0:
			// "\\" in a URL that is not special: a byte like any other.
			i, start = j+1, j
		default:
			// 2.3. UTF-8 percent-encode c using the path percent-encode
			// set and append the result to buffer, for the run of such
			// bytes at j.
			k := pathEncodeRun(s, j, mask)
			if 3*(k-j) > limit-len(dst) {
				return dst, j, false
			}
			var n int
			if dst, n = appendEncodedRun(dst, s[j:k], PathSet, true); n < k-j {
				return dst, j + n, false
			}
			i, start = k, k
		}
	}
}
