package url

import (
	"slices"
	"strings"
)

// MakeRelative returns the shortest reference that resolves against u to
// target: u.Parse(ref) gives a URL whose href is exactly target's. It is
// the inverse of [URL.Parse], for rewriting the links of a mirrored site
// or shortening links in a report (rust-url's make_relative, but shortest
// where rust-url gives a longer "../" chain than a path from the root).
//
// The reference is a fragment ("#top"), a query ("?page=2"), a path
// relative to u's directory ("../img/a.png"), a path from the root
// ("/img/a.png") or, when nothing shorter resolves, a network-path
// reference ("//host/"); of equal lengths the earlier kind in that list
// wins. Every candidate is checked by resolving it, so the round trip
// holds by construction; the reference is never longer than target's
// href.
//
// ok is false, and ref empty, when no relative reference reaches target:
// when target has another scheme, username, password, host or port than
// u (a reference to another host would be an absolute URL in all but
// the scheme), or when target or u has an opaque path ("mailto:a",
// "data:,x"), from which only a fragment can be reached: then the
// reference is "#fragment" when target differs from u in its fragment
// alone and has one, else there is none. target nil gives false.
func (u *URL) MakeRelative(target *URL) (ref string, ok bool) {
	if target == nil || u.Protocol() != target.Protocol() || u.Username() != target.Username() ||
		u.Password() != target.Password() || u.Host() != target.Host() {
		return "", false
	}
	var cands [6]string
	candidates := relativeCandidates(u, target, cands[:0])
	// The shortest first; among equals, the order they were made in.
	slices.SortStableFunc(candidates, func(a, b string) int { return len(a) - len(b) })
	href := target.Href()
	for _, c := range candidates {
		if len(c) > len(href) {
			break
		}
		if v, err := u.Parse(c); err == nil && v.Href() == href {
			return c, true
		}
	}
	return "", false
}

// relativeCandidates appends the references that may resolve against
// base to target, each the shortest of its kind: the caller tries them
// by length.
func relativeCandidates(base, target *URL, out []string) []string {
	query, hasQuery := target.RawQuery()
	fragment, hasFragment := target.Fragment()
	// "?query#fragment", as much of it as target has.
	tail := target.Href()[len(target.HrefWithoutFragment()):]
	if hasQuery {
		tail = "?" + query + tail
	}

	// The same URL but for the fragment: "#fragment", or "" for none (the
	// empty reference is base without its fragment). The only kind that
	// resolves against an opaque path.
	if base.HrefWithoutFragment() == target.HrefWithoutFragment() {
		if hasFragment {
			out = append(out, "#"+fragment)
		} else {
			out = append(out, "")
		}
	}
	if base.HasOpaquePath() || target.HasOpaquePath() {
		return out
	}
	basePath, targetPath := base.Pathname(), target.Pathname()

	// The same path: "?query#fragment".
	if basePath == targetPath && hasQuery {
		out = append(out, tail)
	}

	// A path relative to base's directory: "../" for each of base's
	// directory segments that target does not share, then the rest of
	// target's path.
	if strings.HasPrefix(basePath, "/") && strings.HasPrefix(targetPath, "/") {
		out = appendPathRelative(out, basePath, targetPath, tail)
	}

	// A path from the root; a path that starts with "//" would read as a
	// host, and is written "/.//" as the URL serializer writes it.
	if strings.HasPrefix(targetPath, "/") {
		if strings.HasPrefix(targetPath, "//") {
			out = append(out, "/."+targetPath+tail)
		} else {
			out = append(out, targetPath+tail)
		}
	}

	// A network-path reference: the href without "scheme:", when target
	// has a host.
	if rest := target.Href()[len(target.Protocol()):]; strings.HasPrefix(rest, "//") {
		out = append(out, rest)
	}
	return out
}

// appendPathRelative appends the path-relative references from the
// directory of basePath to targetPath, followed by tail.
func appendPathRelative(out []string, basePath, targetPath, tail string) []string {
	dir := basePath[:strings.LastIndexByte(basePath, '/')+1]
	// The longest common prefix of dir and targetPath that ends with "/".
	common := 0
	for i := 0; i < len(dir) && i < len(targetPath) && dir[i] == targetPath[i]; i++ {
		if dir[i] == '/' {
			common = i + 1
		}
	}
	ups := strings.Count(dir[common:], "/")
	rest := targetPath[common:]
	var b strings.Builder
	b.Grow(3*ups + len(rest) + 2 + len(tail))
	for range ups {
		b.WriteString("../")
	}
	switch {
	case ups > 0 && rest == "":
		// "../" and ".." resolve alike at the end: the shorter.
		s := b.String()
		return append(out, s[:len(s)-1]+tail)
	case ups == 0 && rest == "":
		// The directory itself.
		return append(out, "."+tail)
	case ups == 0 && (strings.HasPrefix(rest, "/") || strings.ContainsRune(firstSegment(rest), ':')):
		// "//x" would be a host and "a:b" a scheme: "./" keeps them a
		// path. Both are offered; resolving picks the one that works.
		out = append(out, rest+tail)
		return append(out, "./"+rest+tail)
	}
	b.WriteString(rest)
	b.WriteString(tail)
	return append(out, b.String())
}

// firstSegment returns the part of path before its first "/".
func firstSegment(path string) string {
	if i := strings.IndexByte(path, '/'); i >= 0 {
		return path[:i]
	}
	return path
}
