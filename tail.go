package url

import (
	"math"
	"strings"
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
// no validation errors to report and UTF-8 as the query encoding, each
// by the writers of writer.go, which read s as preprocessing leaves it
// (each byte that is not part of valid UTF-8 as U+FFFD, encoded as
// "%EF%BF%BD"; a tab or newline declined):
//   - preprocessing's trailing strip of C0 controls and spaces;
//   - the path state (appendPath, the walk the state machine's path
//     state takes too), then 1.6 and 1.7 at "?" and "#";
//   - the query state's step 2 (appendEncodedRun with querySet)
//     up to "#" (step 2.4);
//   - the fragment state's step 1.3 (FragmentSet).
func appendTail(dst []byte, s string, i int, st state, c *components) ([]byte, bool) {
	end := len(s)
	for end > i && s[end-1] <= ' ' {
		end--
	}
	s = s[:end]
	if st == statePath {
		var ok bool
		if dst, i, ok = appendPath(dst, s, i, int(c.pathStart), tailDelims, math.MaxInt); !ok || i == len(s) {
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
		j := len(s)
		if k := strings.IndexByte(s[i:], '#'); k >= 0 {
			j = i + k
		}
		var n int
		if dst, n = appendEncodedRun(dst, s[i:j], querySet(c.scheme), true); n < j-i {
			return dst, false
		}
		if j == len(s) {
			return dst, true
		}
		// 2.4. If c is "#", set url's fragment to the empty string and
		// state to fragment state.
		c.fragmentStart = uint32(len(dst))
		dst = append(dst, '#')
		i = j + 1
	}
	dst, n := appendEncodedRun(dst, s[i:], FragmentSet, true)
	return dst, n == len(s)-i
}
