package url

import (
	"unicode/utf8"

	"github.com/weburl/url/internal/percent"
)

// The path, query and fragment of a special URL other than file, written
// in one pass: the shortcut that takes over from the fast path
// (fastpath.go) where it declined inside the path, query or fragment
// ("https://h/a b", "https://h/x/../y", "https://h/?a<b"), or after
// lowerAuthority rewrote the scheme and authority. It does what
// the state machine does from there (resume, route.go: preprocessing, the
// path, query and fragment states, the serializer), on local variables
// and one buffer: no parser, no state loop, no copy of the input. What
// it cannot do as the general parser would (a tab or newline, which
// preprocessing removes from anywhere) it leaves to the state machine.

// tailDelims are the path state's step 1 delimiters in a special URL
// without state override: "/", "\\", "?" and "#".
const tailDelims = delimSlash | delimBackslash | delimQuery | delimFragment

// appendTail appends to dst, which holds the href up to where the
// general parser would take over in state st, the rest of that href,
// from s[i:]: for statePath, i is where a segment starts (the "/" or
// "\\" before it not written yet); for stateQuery and stateFragment, i
// follows the "?" or "#" that dst ends with. c holds the URL's
// components, in href offsets, up to the path; appendTail sets its
// queryStart and fragmentStart (which must be 0 on entry for what is
// still to come). The bytes of s before i must hold nothing that
// preprocessing changes, but s may end in C0 controls and spaces
// (preprocessing's trailing strip). It reports false, with dst and c
// in no defined state, when s[i:] holds an ASCII tab or newline: the
// general parser must decide.
//
// Its steps, for a special URL other than file, with no state override,
// no validation errors to report and UTF-8 as the query encoding:
//   - preprocessing: the trailing C0 control or space stripped, each
//     byte that is not part of valid UTF-8 read as U+FFFD (encoded as
//     "%EF%BF%BD"), a tab or newline declined (appendTailEncoded);
//   - the path state (appendTailPath): step 1's dot-segment rules (1.2,
//     1.3; shorten url's path drops the last "/" and what follows, for
//     a URL that is not file), 1.4.2 with the serializer's "/" before
//     each segment, 1.6 and 1.7 at "?" and "#", and step 2.3, percent-
//     encoding with the path percent-encode set;
//   - the query state's step 2 (appendTailRun with SpecialQuerySet):
//     the special-query percent-encode set, up to "#" (step 2.4);
//   - the fragment state's step 1.3 (FragmentSet): the fragment
//     percent-encode set.
func appendTail(dst []byte, s string, i int, st state, c *components) ([]byte, bool) {
	end := len(s)
	for end > i && s[end-1] <= ' ' {
		end--
	}
	s = s[:end]
	ok := true
	if st == statePath {
		if dst, i, ok = appendTailPath(dst, s, i, int(c.pathStart)); !ok || i == len(s) {
			return dst, ok
		}
		if s[i] == '?' {
			// 1.6. Set url's query to the empty string, state to query
			// state.
			st, c.queryStart = stateQuery, uint32(len(dst))
		} else {
			// 1.7. Set url's fragment to the empty string, state to
			// fragment state.
			st, c.fragmentStart = stateFragment, uint32(len(dst))
		}
		dst = append(dst, s[i])
		i++
	}
	if st == stateQuery {
		if dst, i, ok = appendTailRun(dst, s, i, SpecialQuerySet); !ok || i == len(s) {
			return dst, ok
		}
		// 2.4. If c is "#", set url's fragment to the empty string and
		// state to fragment state.
		c.fragmentStart = uint32(len(dst))
		dst = append(dst, '#')
		i++
	}
	dst, _, ok = appendTailRun(dst, s, i, FragmentSet)
	return dst, ok
}

// appendTailPath is appendTail's path state, from the segment at s[i:]
// (the "/" or "\\" before it not written) to the end of s or the "?"
// or "#" that ends the path, whose offset it returns. pathStart is where
// the path starts in dst, for shorten url's path. It copies runs of
// segments at once: up to a byte of pathRunClass ("\\", "?", "#", a
// byte to encode, or "." and "%", which may start a dot segment), with
// the "/" between them, which the serializer writes before each segment.
func appendTailPath(dst []byte, s string, i, pathStart int) ([]byte, int, bool) {
	// dst ends with the "/" before the segment at i when i == seg.
	start := i - 1
	if s[start] != '/' {
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
		switch c := s[j]; {
		case c == '.' || c == '%':
			if s[j-1] != '/' && j != seg {
				i, start = j+1, j // not at a segment's start: no dot segment
				continue
			}
			dot, k := dotSegmentAt(s, j, tailDelims)
			if dot == notDot {
				i, start = j+1, j
				continue
			}
			// 1.2. If buffer is a double-dot URL path segment: 1.2.1.
			// Shorten url's path (for a URL that is not file: drop its
			// last item). 1.2.2 and 1.3: if c is neither "/" nor "\\",
			// append the empty string to url's path. (The "/" written
			// before the dot segment is dropped first.)
			dst = dst[:len(dst)-1]
			if dot == doubleDot {
				for d := len(dst) - 1; d >= pathStart; d-- {
					if dst[d] == '/' {
						dst = dst[:d]
						break
					}
				}
			}
			if k == len(s) || s[k] == '?' || s[k] == '#' {
				return append(dst, '/'), k, true
			}
			if s[k] == '/' {
				i, start, seg = k+1, k, k+1
			} else {
				dst = append(dst, '/') // "\\": the next segment's "/"
				i, start, seg = k+1, k+1, k+1
			}
		case c == '\\':
			// 1.1-1.5: "\\" ends a segment in a special URL; the next one
			// has a "/" before it.
			dst = append(dst, '/')
			i, start, seg = j+1, j+1, j+1
		case c == '?' || c == '#':
			return dst, j, true
		default:
			// 2.3. UTF-8 percent-encode c using the path percent-encode
			// set and append the result to buffer.
			var ok bool
			if dst, i, ok = appendTailEncoded(dst, s, j); !ok {
				return dst, i, false
			}
			start = i
		}
	}
}

// appendTailRun appends s[i:] to dst up to the end or, for the query
// (set is SpecialQuerySet, which holds "#"), a "#", percent-encoding each
// byte of set (appendTailEncoded; set is SpecialQuerySet or
// FragmentSet). It returns the offset where it stopped.
func appendTailRun(dst []byte, s string, i int, set EncodeSet) ([]byte, int, bool) {
	for {
		j := scan(s, i, &percentTable, set)
		dst = append(dst, s[i:j]...)
		if j == len(s) || s[j] == '#' && set == SpecialQuerySet {
			return dst, j, true
		}
		var ok bool
		if dst, i, ok = appendTailEncoded(dst, s, j); !ok {
			return dst, i, false
		}
	}
}

// appendTailEncoded appends the code point at s[j], which is in the
// percent-encode set of the component (a C0 control, a space, a
// non-ASCII code point...), UTF-8 percent-encoded, and returns the
// offset after it: a byte that is not part of valid UTF-8 is U+FFFD, as
// preprocessing makes it. It reports false at an ASCII tab or newline,
// which preprocessing removes.
func appendTailEncoded(dst []byte, s string, j int) ([]byte, int, bool) {
	b := s[j]
	if b < utf8.RuneSelf {
		if b == '\t' || b == '\n' || b == '\r' {
			return dst, j, false
		}
		return append(dst, '%', percent.UpperHex[b>>4], percent.UpperHex[b&15]), j + 1, true
	}
	n := validRuneLen(s, j)
	if n == 0 {
		return append(dst, "%EF%BF%BD"...), j + 1, true
	}
	for _, b := range []byte(s[j : j+n]) {
		dst = append(dst, '%', percent.UpperHex[b>>4], percent.UpperHex[b&15])
	}
	return dst, j + n, true
}
