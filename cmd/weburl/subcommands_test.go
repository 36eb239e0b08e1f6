package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// synopses returns, from text, the lines that start (after prefix and
// spaces) with "weburl NAME " for a lowercase NAME other than the
// editing mode's, keyed by NAME: the subcommand synopses a usage text
// lists.
func synopses(text, prefix string) map[string]string {
	out := map[string]string{}
	for line := range strings.Lines(text) {
		line, ok := strings.CutPrefix(strings.TrimRight(line, "\n"), prefix)
		if !ok {
			continue
		}
		line = strings.TrimSpace(line)
		rest, ok := strings.CutPrefix(line, "weburl ")
		if !ok {
			continue
		}
		name, _, _ := strings.Cut(rest, " ")
		if name == "" || strings.ToLower(name) != name || strings.ContainsAny(name, "[-") {
			continue
		}
		// Keep the synopsis up to two spaces: the package doc and
		// docs/cli.md may add a note after the synopsis.
		syn, _, _ := strings.Cut(line, "  ")
		out[name] = syn
	}
	return out
}

// TestSubcommandLists holds the four lists of subcommands to the table
// (commands): `weburl -h`'s list in edithelp.go, the package doc's Usage
// in main.go and docs/cli.md's Synopsis name the same subcommands with
// the same synopsis, and `weburl help` prints each.
func TestSubcommandLists(t *testing.T) {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	slices.Sort(names)
	mainGo, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	cliMD, err := os.ReadFile(filepath.Join("..", "..", "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, synopsis, _ := strings.Cut(string(cliMD), "## Synopsis")
	synopsis, _, _ = strings.Cut(synopsis, "\n## ")
	lists := map[string]map[string]string{
		"edithelp.go's Subcommands": synopses(editHelp[strings.Index(editHelp, "Subcommands:"):], "  "),
		"main.go's package doc":     synopses(string(mainGo[:strings.Index(string(mainGo), "\npackage main")]), "//\t"),
		"docs/cli.md's Synopsis":    synopses(synopsis, ""),
		"weburl help (the table's)": nil,
	}
	help := runCLI(t, []string{"help"}, "", 0, "")
	for _, name := range names {
		if !strings.Contains(help, "  "+name+" ") {
			t.Errorf("weburl help lacks %q", name)
		}
	}
	delete(lists, "weburl help (the table's)")
	want := lists["edithelp.go's Subcommands"]
	for where, list := range lists {
		got := slices.Sorted(func(yield func(string) bool) {
			for name := range list {
				if !yield(name) {
					return
				}
			}
		})
		if !slices.Equal(got, names) {
			t.Errorf("%s lists %q; the table has %q", where, got, names)
		}
		for name, syn := range list {
			if w, ok := want[name]; ok && syn != w {
				t.Errorf("%s: %s\nedithelp.go: %s", where, syn, w)
			}
		}
	}
}

// TestSubcommandSummariesAligned: the usage's list of subcommands starts
// every summary in one column, whatever the longest name (a name of seven
// letters or more ran into its summary with the fixed width of six).
func TestSubcommandSummariesAligned(t *testing.T) {
	for _, list := range [][]command{commands, {{name: "parse", summary: "a"}, {name: "longername", summary: "b"}}} {
		var b strings.Builder
		writeCommands(&b, list)
		col := -1
		for line := range strings.Lines(b.String()) {
			name := strings.Fields(line)[0]
			at := strings.Index(line, name) + len(name)
			at += len(line[at:]) - len(strings.TrimLeft(line[at:], " "))
			if col == -1 {
				col = at
			}
			if at != col || line[at-2:at] != "  " {
				t.Errorf("%q: summary at column %d, want %d after at least two spaces", line, at, col)
			}
		}
	}
}
