package main

import (
	"slices"
	"strings"
	"unicode/utf16"

	url "github.com/weburl/url"
)

// A queryPair is one name=value pair of a query as the URL has it
// (percent-encoded), with its name and value decoded as the
// application/x-www-form-urlencoded parser decodes them.
type queryPair struct {
	raw         string
	name, value string
	hasEq       bool
}

// formDecode decodes a name or value of a query pair: "+" is a space,
// then percent-decoding, as the URL Standard's
// application/x-www-form-urlencoded parser does (step 3 of its loop).
func formDecode(s string) string {
	if strings.IndexByte(s, '+') >= 0 {
		s = strings.ReplaceAll(s, "+", " ")
	}
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	return url.PercentDecodeString(s)
}

// newQueryPair decodes a pair as the query has it.
func newQueryPair(raw string) queryPair {
	name, value, hasEq := strings.Cut(raw, "=")
	return queryPair{raw: raw, name: formDecode(name), value: formDecode(value), hasEq: hasEq}
}

// encodeAssign form-encodes both sides of the first "=" of s (or all of
// s when it has none), as trurl does for --append query= and --replace.
func encodeAssign(s string) string {
	name, value, ok := strings.Cut(s, "=")
	if !ok {
		return url.FormEncode(s)
	}
	return url.FormEncode(name) + "=" + url.FormEncode(value)
}

// queryPairs splits query at sep into its pairs, as written, leaving out
// the empty ones (which trurl drops and the urlencoded parser skips).
func queryPairs(query string, sep byte) []queryPair {
	var pairs []queryPair
	for more := true; more; {
		pair := query
		if i := strings.IndexByte(query, sep); i >= 0 {
			pair, query = query[:i], query[i+1:]
		} else {
			more = false
		}
		if pair != "" {
			pairs = append(pairs, newQueryPair(pair))
		}
	}
	return pairs
}

// editQuery does the query options, in trurl's order: --qtrim,
// --replace, --append query=, --sort-query. The pairs that no option
// touches keep their bytes; the query is written back through the
// search setter, and only when an option changed it (an empty pair is
// then dropped, as trurl drops it).
func (r *editRun) editQuery(e *editURL) error {
	o := r.opts
	if len(o.trims) == 0 && len(o.replaces) == 0 && len(o.appendQuery) == 0 && !o.sortQuery {
		return nil
	}
	q, ok := e.u.RawQuery()
	var pairs []queryPair
	if ok && q != "" {
		pairs = queryPairs(q, o.qsep)
	}
	for _, t := range o.trims {
		pairs = slices.DeleteFunc(pairs, func(p queryPair) bool { return trimMatch(t, p.name) })
	}
	for _, rep := range o.replaces {
		np := newQueryPair(rep)
		replaced := false
		out := pairs[:0]
		for _, p := range pairs {
			if p.name == np.name {
				if replaced {
					continue // a later pair of the name goes, as in trurl
				}
				p, replaced = np, true
			}
			out = append(out, p)
		}
		pairs = out
		if !replaced && o.replaceAdd {
			pairs = append(pairs, np)
		}
	}
	for _, a := range o.appendQuery {
		pairs = append(pairs, newQueryPair(a))
	}
	if o.sortQuery {
		// URLSearchParams' sort: stable, by name, in UTF-16 code units.
		slices.SortStableFunc(pairs, func(a, b queryPair) int {
			return compareUTF16(a.name, b.name)
		})
	}
	var b strings.Builder
	for _, p := range pairs {
		if p.raw == "" {
			continue // an empty --replace-append
		}
		if b.Len() > 0 {
			b.WriteByte(o.qsep)
		}
		b.WriteString(p.raw)
	}
	return e.u.SetSearch(b.String())
}

// trimMatch reports whether the pair named name goes for --qtrim t: t
// is the name, without regard to ASCII case, or with a trailing "*" a
// prefix of it ("\*" at the end is a literal "*").
func trimMatch(t, name string) bool {
	prefix := false
	switch {
	case strings.HasSuffix(t, `\*`):
		t = t[:len(t)-2] + "*"
	case strings.HasSuffix(t, "*"):
		t, prefix = t[:len(t)-1], true
	}
	if prefix {
		return len(name) >= len(t) && strings.EqualFold(name[:len(t)], t)
	}
	return strings.EqualFold(name, t)
}

// compareUTF16 compares a and b as sequences of UTF-16 code units, the
// order of URLSearchParams' sort.
func compareUTF16(a, b string) int {
	if isASCII(a) && isASCII(b) {
		return strings.Compare(a, b)
	}
	return slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// appendQueryValues appends to b the values of the pairs of query
// (split at sep) named name, space-separated: decoded, or as the URL
// has them when raw; all of them, or the first.
func appendQueryValues(b []byte, query string, sep byte, name string, raw, all bool) []byte {
	n := 0
	for more := true; more; {
		pair := query
		if i := strings.IndexByte(query, sep); i >= 0 {
			pair, query = query[:i], query[i+1:]
		} else {
			more = false
		}
		if pair == "" {
			continue
		}
		k, v, _ := strings.Cut(pair, "=")
		if formDecode(k) != name {
			continue
		}
		if n > 0 {
			b = append(b, ' ')
		}
		n++
		if !raw {
			// trurl shows a NUL byte of a decoded value as ".".
			v = strings.ReplaceAll(formDecode(v), "\x00", ".")
		}
		b = append(b, v...)
		if !all {
			break
		}
	}
	return b
}
