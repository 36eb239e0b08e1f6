package publicsuffix_test

import (
	"bufio"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/url"
	"github.com/weburl/url/internal/publicsuffix"
	xpublicsuffix "golang.org/x/net/publicsuffix"
)

var update = flag.Bool("update", false, "copy the list's data files from the golang.org/x/net that go.mod requires")

// check compares the lookups with golang.org/x/net/publicsuffix's on
// domain.
func check(t *testing.T, domain string) {
	t.Helper()
	if got, want := publicsuffix.PublicSuffix(domain), xPublicSuffix(domain); got != want {
		t.Errorf("PublicSuffix(%q) = %q, golang.org/x/net/publicsuffix says %q", domain, got, want)
	}
	got, ok := publicsuffix.EffectiveTLDPlusOne(domain)
	want, err := xpublicsuffix.EffectiveTLDPlusOne(domain)
	if got != want || ok != (err == nil) {
		t.Errorf("EffectiveTLDPlusOne(%q) = %q, %v; golang.org/x/net/publicsuffix says %q, %v", domain, got, ok, want, err)
	}
}

func xPublicSuffix(domain string) string {
	s, _ := xpublicsuffix.PublicSuffix(domain)
	return s
}

// TestRules checks every rule of the list, read back from the trie, with
// the domains it governs: the rule itself, names one and two labels
// below it, and for a wildcard "*.p" names below p.
func TestRules(t *testing.T) {
	rules := publicsuffix.Rules()
	if len(rules) < 5000 {
		t.Fatalf("%d rules read from the data: the list has about 10,000", len(rules))
	}
	var wildcards, exceptions int
	for _, rule := range rules {
		domain := rule
		switch {
		case strings.HasPrefix(rule, "*."):
			wildcards++
			domain = rule[2:]
			check(t, "x."+domain)
			check(t, "y.x."+domain)
		case strings.HasPrefix(rule, "!"):
			exceptions++
			domain = rule[1:]
		}
		check(t, domain)
		check(t, "a."+domain)
		check(t, "b.a."+domain)
	}
	if wildcards == 0 || exceptions == 0 {
		t.Errorf("%d wildcard and %d exception rules: the list has both", wildcards, exceptions)
	}
	t.Logf("%d rules (%d wildcards, %d exceptions)", len(rules), wildcards, exceptions)
}

// TestEdgeCases: names no rule governs, empty labels, IP addresses.
func TestEdgeCases(t *testing.T) {
	for _, domain := range []string{
		"", ".", "..", "com", ".com", "com.", "a..com", "example.com", "www.example.co.uk",
		"cromulent", "a.cromulent", "a.b.cromulent", "ck", "www.ck", "a.www.ck", "b.ck", "a.b.ck",
		"kawasaki.jp", "city.kawasaki.jp", "x.city.kawasaki.jp", "127.0.0.1", "::1", "a.b.c.d.e.f",
		"xn--p1ai", "a.xn--p1ai", "githubusercontent.com", "raw.githubusercontent.com",
	} {
		t.Run(domain, func(t *testing.T) { check(t, domain) })
	}
}

// TestDatasets checks the host of every URL of the URL datasets
// (URL_DATASETS, by default the repository's ../shared/datasets), as the
// parser serializes it.
func TestDatasets(t *testing.T) {
	dir := os.Getenv("URL_DATASETS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "datasets")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		t.Skipf("no URL datasets in %s (set URL_DATASETS)", dir)
	}
	seen := map[string]bool{}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			u, err := url.Parse(sc.Text())
			if err != nil || u.HostKind() != url.HostDomain {
				continue
			}
			domain := strings.TrimSuffix(u.Hostname(), ".")
			if !seen[domain] {
				seen[domain] = true
				check(t, domain)
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	if len(seen) < 1000 {
		t.Errorf("%d hosts in %s: the datasets have many more", len(seen), dir)
	}
	t.Logf("%d hosts", len(seen))
}

// TestData checks that the data files and the layout constants are those
// of the golang.org/x/net that go.mod requires, so that a bump of x/net
// shows a newer list; -update copies the files (the constants, if they
// changed, are to be edited by hand in data.go).
func TestData(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/net").Output()
	if err != nil {
		t.Skipf("go list -m golang.org/x/net: %v", err)
	}
	xdir := filepath.Join(strings.TrimSpace(string(out)), "publicsuffix")
	for _, name := range []string{"text", "nodes", "children"} {
		want, err := os.ReadFile(filepath.Join(xdir, "data", name))
		if err != nil {
			t.Fatal(err)
		}
		ours := filepath.Join("data", name)
		if *update {
			if err := os.WriteFile(ours, want, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := os.ReadFile(ours)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("data/%s differs from golang.org/x/net's %s: run go test -run TestData -update", name, filepath.Join(xdir, "data", name))
		}
	}

	// The constants of their table.go, name = value, against data.go's.
	table, err := os.ReadFile(filepath.Join(xdir, "table.go"))
	if err != nil {
		t.Fatal(err)
	}
	ours, err := os.ReadFile("data.go")
	if err != nil {
		t.Fatal(err)
	}
	decl := regexp.MustCompile(`(?m)^(?:const )?\s*(version|nodesBits\w*|childrenBits\w*|nodeType\w+|numTLD)\s+=\s+(.+)$`)
	oursByName := map[string]string{}
	for _, m := range decl.FindAllStringSubmatch(string(ours), -1) {
		oursByName[m[1]] = strings.TrimSpace(strings.SplitN(m[2], "//", 2)[0])
	}
	oursByName["version"] = strconv.Quote(publicsuffix.Version)
	matches := decl.FindAllStringSubmatch(string(table), -1)
	if len(matches) < 10 {
		t.Fatalf("found %d constants in %s", len(matches), filepath.Join(xdir, "table.go"))
	}
	for _, m := range matches {
		if got, want := oursByName[m[1]], strings.TrimSpace(m[2]); got != want {
			t.Errorf("%s = %s in data.go, %s in golang.org/x/net's table.go", m[1], got, want)
		}
	}
}
