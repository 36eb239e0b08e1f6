package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
)

func TestMain(m *testing.M) { ptest.Main(m) }

func sortedLines(t *testing.T, path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	slices.Sort(lines)
	return lines
}

// TestLinkGraph runs the command's pipeline on Prism over a small link
// list and checks the three files it writes.
func TestLinkGraph(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "links.txt")
	os.WriteFile(in, []byte(strings.Join([]string{
		"https://a.example.com/page\t/x",
		"https://a.example.com/page\thttps://b.example.com/y?q",
		"https://a.example.com/other\thttps://B.EXAMPLE.COM/y?q#frag",
		"https://c.example.org/\thttps://d.example.org:8080/",
		"https://c.example.org/\thttps://exa mple.com/",
		"http://192.0.2.1/",
		"not a url",
		"",
	}, "\n")), 0o644)
	out := filepath.Join(dir, "out")
	p, err := build(in, "urls", out, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if err := beamx.Run(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if got, want := sortedLines(t, out+".domains.tsv"), []string{
		"192.0.2.1\t1\t1",
		"example.com\t3\t2",
		"example.org\t1\t1",
	}; !slices.Equal(got, want) {
		t.Errorf("domains:\n%q\nwant\n%q", got, want)
	}
	if got, want := sortedLines(t, out+".hosts.tsv"), []string{
		"a.example.com\ta.example.com\t1",
		"a.example.com\tb.example.com\t2",
		"c.example.org\td.example.org\t1",
	}; !slices.Equal(got, want) {
		t.Errorf("hosts:\n%q\nwant\n%q", got, want)
	}
	failures := sortedLines(t, out+".failures.tsv")
	if len(failures) != 2 || !strings.HasPrefix(failures[0], "link\thttps://exa mple.com/\thttps://c.example.org/\t") ||
		!strings.HasPrefix(failures[1], "link\tnot a url\t\t") {
		t.Errorf("failures: %q", failures)
	}
}

func TestBuildErrors(t *testing.T) {
	if _, err := build("", "urls", "x", 1); err == nil {
		t.Error("no -input accepted")
	}
	if _, err := build("x", "pdf", "x", 1); err == nil {
		t.Error("an unknown -format accepted")
	}
}
