package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// editOptionNames are the options the editing mode takes (each is
// accepted by parseEditArgs: TestEditOptionNamesAccepted).
var editOptionNames = []string{
	"-a", "--append", "--accept-space", "--as-idn", "--curl", "--default-port",
	"-f", "--url-file", "-g", "--get", "-h", "--help", "--iterate", "--json",
	"--keep-port", "--no-guess-scheme", "--punycode", "--qtrim",
	"--query-separator", "--quiet", "--redirect", "--replace",
	"--replace-append", "-s", "--set", "--sort-query", "--trim", "--url",
	"--urlencode", "-v", "--version", "--verify",
}

// TestEditOptionNamesAccepted: every option of the list is one that
// parseEditArgs knows (not "unknown option").
func TestEditOptionNamesAccepted(t *testing.T) {
	for _, name := range editOptionNames {
		args := []string{name, "query=x=1", "x.example"}
		if _, err := parseEditArgs(args); err != nil && strings.Contains(err.msg, "unknown option") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestEditOptionsDocumented: the options listed by weburl -h and by the
// options table of docs/cli.md are the same, and are the options the
// editing mode takes: three copies of one list.
func TestEditOptionsDocumented(t *testing.T) {
	opt := regexp.MustCompile(`(?:^|[\s,|` + "`" + `])(--?[a-z][a-z-]*)`)
	collect := func(text string) []string {
		var names []string
		for _, m := range opt.FindAllStringSubmatch(text, -1) {
			if !slices.Contains(names, m[1]) {
				names = append(names, m[1])
			}
		}
		slices.Sort(names)
		return names
	}
	want := slices.Sorted(slices.Values(editOptionNames))
	help := editHelp[:strings.Index(editHelp, "\nComponents")]
	if got := collect(help); !slices.Equal(got, want) {
		t.Errorf("weburl -h lists %q,\nwant %q", got, want)
	}
	doc, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	start := strings.Index(s, "| option | weburl |")
	end := strings.Index(s[start:], "\n\n")
	var firstCells []string
	for _, line := range strings.Split(s[start:start+end], "\n")[2:] {
		firstCells = append(firstCells, strings.Split(line, "|")[1])
	}
	if got := collect(strings.Join(firstCells, " ")); !slices.Equal(got, want) {
		t.Errorf("docs/cli.md's options table lists %q,\nwant %q", got, want)
	}
}
