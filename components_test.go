package url

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestComponentsPicture holds the picture in components.go to the
// parser: each label's column and number are the offset the parser
// gives the example URL, and every pipe above it stands in that column.
func TestComponentsPicture(t *testing.T) {
	src, err := os.ReadFile("components.go")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for line := range strings.Lines(string(src)) {
		if rest, ok := strings.CutPrefix(strings.TrimRight(line, "\n"), "//\t"); ok {
			lines = append(lines, rest)
		}
	}
	if len(lines) < 3 {
		t.Fatalf("no picture in components.go: %q", lines)
	}
	u, err := Parse(lines[0])
	if err != nil {
		t.Fatalf("Parse(%q): %v", lines[0], err)
	}
	c := u.components
	offsets := map[string]uint32{
		"schemeEnd": c.schemeEnd, "usernameEnd": c.usernameEnd, "hostStart": c.hostStart,
		"hostEnd": c.hostEnd, "pathStart": c.pathStart, "queryStart": c.queryStart,
		"fragmentStart": c.fragmentStart,
	}
	seen := map[string]bool{}
	for _, line := range lines[2:] {
		col := strings.LastIndexByte(line, '|') + 1
		for col < len(line) && line[col] == ' ' {
			col++
		}
		name, rest, _ := strings.Cut(line[col:], " ")
		num, _, _ := strings.Cut(rest, ":")
		n, err := strconv.Atoi(num)
		want, ok := offsets[name]
		if err != nil || !ok {
			t.Errorf("label %q: not a component and its offset", line[col:])
			continue
		}
		seen[name] = true
		if uint32(n) != want || uint32(col) != want {
			t.Errorf("%s: labelled %d at column %d; the parser gives %d", name, n, col, want)
		}
		if col >= len(lines[1]) || lines[1][col] != '|' {
			t.Errorf("%s: no pipe above column %d", name, col)
		}
	}
	for name := range offsets {
		if !seen[name] {
			t.Errorf("%s: not in the picture", name)
		}
	}
}

// TestComponentsText holds the text below the picture to the parser.
func TestComponentsText(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want components
	}{
		{"https://example.com/a", components{schemeEnd: 5, usernameEnd: 8, hostStart: 8, hostEnd: 19, pathStart: 19,
			hostKind: HostDomain, scheme: schemeHTTPS}},
		{"https://u@example.com:8080/", components{schemeEnd: 5, usernameEnd: 9, hostStart: 10, hostEnd: 21, pathStart: 26,
			hostKind: HostDomain, scheme: schemeHTTPS}},
		{"mailto:x", components{schemeEnd: 6, usernameEnd: 7, hostStart: 7, hostEnd: 7, pathStart: 7,
			hostKind: HostNull, opaquePath: true}},
		{"web+demo:/.//not-a-host/", components{schemeEnd: 8, usernameEnd: 9, hostStart: 9, hostEnd: 9, pathStart: 11,
			hostKind: HostNull}},
		{"web+demo:/p?q#f", components{schemeEnd: 8, usernameEnd: 9, hostStart: 9, hostEnd: 9, pathStart: 9,
			queryStart: 11, fragmentStart: 13, hostKind: HostNull}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			u, err := Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if u.components != tc.want {
				t.Errorf("components %+v, want %+v", u.components, tc.want)
			}
		})
	}
}
