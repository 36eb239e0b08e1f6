package links

// refreshURL finds the URL of a meta refresh directive, as HTML's shared
// declarative refresh steps parse the content attribute's value
// ("5; url=/next", "0;URL='/next'"), and returns where it is in content:
// content[start:end]. ok is false when content has no URL (a refresh of
// the page itself) or is not a refresh directive.
// https://html.spec.whatwg.org/multipage/semantics.html#shared-declarative-refresh-steps
func refreshURL(content string) (start, end int, ok bool) {
	s := content
	i := leadingSpace(s)
	// The time: ASCII digits, then digits and "." (ignored). No digits
	// is a failure unless a "." follows.
	j := i
	for j < len(s) && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	if j == i && (j >= len(s) || s[j] != '.') {
		return 0, 0, false
	}
	for j < len(s) && ('0' <= s[j] && s[j] <= '9' || s[j] == '.') {
		j++
	}
	i = j
	if i >= len(s) {
		return 0, 0, false // no URL: the page refreshes itself
	}
	// The separator: ";" or "," or whitespace, then whitespace, an
	// optional ";" or ",", whitespace.
	if c := s[i]; c != ';' && c != ',' && !isSpace(c) {
		return 0, 0, false
	}
	i += leadingSpace(s[i:])
	if i < len(s) && (s[i] == ';' || s[i] == ',') {
		i++
	}
	i += leadingSpace(s[i:])
	if i >= len(s) {
		return 0, 0, false
	}
	// urlString is the rest. If it starts with "u", it may be "url",
	// whitespace, "=" and whitespace, then the URL; if it does not, or
	// after them, the URL may be in quotes (up to the closing one, if
	// any).
	start = i
	if s[i] == 'u' || s[i] == 'U' {
		k, ok := afterURLEquals(s, i)
		if !ok {
			return start, len(s), true
		}
		start = k
	}
	if start < len(s) && (s[start] == '\'' || s[start] == '"') {
		q := s[start]
		start++
		for end = start; end < len(s) && s[end] != q; end++ {
		}
		return start, end, true
	}
	return start, len(s), true
}

// afterURLEquals returns the index after "url", whitespace, "=" and
// whitespace at s[i:] (in any case), and whether they are there.
func afterURLEquals(s string, i int) (int, bool) {
	if i+3 > len(s) || !equalFoldASCII(s[i:i+3], "url") {
		return 0, false
	}
	i += 3
	i += leadingSpace(s[i:])
	if i >= len(s) || s[i] != '=' {
		return 0, false
	}
	i++
	return i + leadingSpace(s[i:]), true
}
