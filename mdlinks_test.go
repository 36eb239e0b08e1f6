package url_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestMarkdownLinks checks that every relative link of the README, the
// CHANGELOG and the pages of docs/ names a file of the repository, and
// that its #fragment, if any, names a heading of that file (as GitHub
// makes anchors from headings). Pages move between the README and docs/;
// a link left behind would otherwise go unnoticed.
func TestMarkdownLinks(t *testing.T) {
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append([]string{"README.md", "CHANGELOG.md"}, pages...)
	anchors := map[string]map[string]bool{}
	anchorsOf := func(path string) map[string]bool {
		if a, ok := anchors[path]; ok {
			return a
		}
		a := map[string]bool{}
		for _, l := range markdownLines(t, path) {
			if l.heading != "" {
				slug := markdownSlug(l.heading)
				for n := 1; a[slug]; n++ { // GitHub numbers repeated headings
					slug = markdownSlug(l.heading) + "-" + string(rune('0'+n))
				}
				a[slug] = true
			}
		}
		anchors[path] = a
		return a
	}
	for _, page := range pages {
		for _, l := range markdownLines(t, page) {
			for _, m := range markdownLink.FindAllStringSubmatch(l.text, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				file, frag, _ := strings.Cut(target, "#")
				path := page
				if file != "" {
					path = filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
					if _, err := os.Stat(path); err != nil {
						t.Errorf("%s:%d: link to %q: no such file", page, l.line, target)
						continue
					}
				}
				if frag != "" && strings.HasSuffix(path, ".md") && !anchorsOf(path)[frag] {
					t.Errorf("%s:%d: link to %q: %s has no heading with that anchor", page, l.line, target, path)
				}
			}
		}
	}
}

// markdownLink matches an inline link or image, [text](target).
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

type markdownLine struct {
	line    int
	text    string // outside code: the line, else ""
	heading string // the text of an ATX heading, else ""
}

// markdownLines reads a Markdown file's lines outside fenced code blocks
// and inline code spans.
func markdownLines(t *testing.T, path string) []markdownLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []markdownLine
	fenced := false
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		s := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(s), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		l := markdownLine{line: n, text: inlineCode.ReplaceAllString(s, "")}
		if h, ok := strings.CutPrefix(s, "#"); ok {
			l.heading = strings.TrimSpace(strings.TrimLeft(h, "#"))
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

var inlineCode = regexp.MustCompile("`[^`]*`")

// markdownSlug is GitHub's anchor for a heading: lowercase, punctuation
// other than '-' and '_' dropped, spaces made '-'.
func markdownSlug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
