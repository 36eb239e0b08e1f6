package url

// TestGenSettersWeburl derives testdata/setters-weburl.json from WPT's
// setters_tests.json by rules of the URL Standard, without calling our
// setters to compute what to expect:
//
//   - The setters that run the basic URL parser on the value (href,
//     protocol, host, hostname, port, pathname, search, hash) see it
//     without ASCII tab or newline (section 4.4, basic URL parser steps 2
//     and 3), so a tab, LF or CR added at the start, in the middle or at
//     the end of new_value leaves "expected" as it is.
//   - The href setter runs the parser with no url, which also strips
//     leading and trailing C0 control or space (step 1).
//   - The username and password setters run no parser: they
//     UTF-8 percent-encode the value with the userinfo percent-encode set
//     (section 6.1, "set the username"/"set the password"), so a leading
//     or trailing tab, LF, CR or other C0 control becomes "%09", "%0A",
//     "%0D", "%01", ... at that end of the username or password.
//
// The cases the rules do not cover are left out, each for a stated reason
// (see derive). Run
//
//	WPT_DIR=../shared/wpt go test -run TestGenSettersWeburl -update
//
// to rewrite the file; without the flag the test fails when the file is
// not what the rules give (stale, or edited by hand).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

const settersWeburlPath = "testdata/setters-weburl.json"

// setterAttrs is the attribute order of setters_tests.json.
var setterAttrs = []string{"protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "href"}

// genSetterCase is one case of the generated file. Expected is a map, so
// encoding/json writes its keys sorted: the output is deterministic.
type genSetterCase struct {
	Comment  string            `json:"comment"`
	Href     string            `json:"href"`
	NewValue string            `json:"new_value"`
	Expected map[string]string `json:"expected"`
}

// middle returns the offset of the code point boundary nearest the middle
// of s, or -1 when s has no boundary strictly inside it (fewer than two
// code points). A tab inserted inside a UTF-8 sequence would make the
// value invalid UTF-8, which is another test (TestInvalidUTF8Setters in
// setters_test.go).
func middle(s string) int {
	for m := len(s) / 2; m > 0; m-- {
		if utf8.RuneStart(s[m]) {
			return m
		}
	}
	return -1
}

// userinfoEncode is UTF-8 percent-encode with the userinfo percent-encode
// set, written out from the spec (section 1.3) independently of
// percent.go: C0 controls, space, '"', '#', '<', '>', '?', '`', '{', '}',
// '/', ':', ';', '=', '@', '[' to '^', '|', and everything above '~'.
func userinfoEncode(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= 0x20 || c > 0x7E || strings.IndexByte("\"#<>?`{}/:;=@[\\]^|", c) >= 0 {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// canHaveCredentials tells, from an expected href alone, whether the URL
// can have a username, password and port (section 4.2: not when its host
// is null or empty, or its scheme is "file").
func canHaveCredentials(href string) bool {
	colon := strings.IndexByte(href, ':')
	if colon < 0 || href[:colon] == "file" || !strings.HasPrefix(href[colon+1:], "//") {
		return false
	}
	authority := href[colon+3:]
	if end := strings.IndexAny(authority, "/?#"); end >= 0 {
		authority = authority[:end]
	}
	host := authority[strings.LastIndexByte(authority, '@')+1:]
	if c := strings.LastIndexByte(host, ':'); c >= 0 && !strings.HasSuffix(host, "]") {
		host = host[:c]
	}
	return host != ""
}

// withUserinfo rewrites an expected href whose userinfo is made of
// username and password to carry newUser and newPass instead. ok is false
// when href is not scheme://[userinfo@]rest as expected.
func withUserinfo(href, username, password, newUser, newPass string) (string, bool) {
	colon := strings.IndexByte(href, ':')
	if colon < 0 || !strings.HasPrefix(href[colon+1:], "//") {
		return "", false
	}
	prefix, rest := href[:colon+3], href[colon+3:]
	userinfo := func(u, p string) string {
		s := u
		if p != "" {
			s += ":" + p
		}
		if s != "" {
			s += "@"
		}
		return s
	}
	old := userinfo(username, password)
	if !strings.HasPrefix(rest, old) {
		return "", false
	}
	return prefix + userinfo(newUser, newPass) + rest[len(old):], true
}

func copyExpected(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// wptComment names the WPT case a derived case comes from.
func wptComment(tc setterCase) string {
	if tc.Comment == "" {
		return ""
	}
	return " WPT's comment: " + tc.Comment
}

// derive returns the cases derived from one WPT case of attribute attr.
func derive(attr string, tc setterCase) []genSetterCase {
	var out []genSetterCase
	add := func(value, rule string, expected map[string]string) {
		out = append(out, genSetterCase{Comment: rule + wptComment(tc), Href: tc.Href, NewValue: value, Expected: expected})
	}
	v := tc.NewValue
	switch attr {
	case "username", "password":
		// No parser: the value is encoded as it is. Only where the
		// original shows the URL took the value (the expected attribute
		// is the encoded value and the URL can have credentials) is the
		// result of an extra code point known.
		if !canHaveCredentials(tc.Expected["href"]) || tc.Expected[attr] != userinfoEncode(v) {
			return nil
		}
		user, pass, ok := userinfoFromHref(tc.Expected["href"])
		if !ok {
			return nil
		}
		for _, x := range []struct {
			lead, trail string
			rule        string
		}{
			{"\t", "", "a leading tab is UTF-8 percent-encoded with the userinfo percent-encode set (6.1 set the " + attr + "; no parser, so it is not removed)"},
			{"", "\n", "a trailing LF is UTF-8 percent-encoded with the userinfo percent-encode set (6.1 set the " + attr + "; no parser, so it is not removed)"},
			{"\r", "\r", "a leading and a trailing CR are UTF-8 percent-encoded with the userinfo percent-encode set (6.1 set the " + attr + ")"},
			{"\x01", "\x1f", "leading U+0001 and trailing U+001F (C0 controls) are UTF-8 percent-encoded with the userinfo percent-encode set (6.1 set the " + attr + "; not stripped as the parser would)"},
			{"\x00", " ", "leading U+0000 and trailing space are UTF-8 percent-encoded with the userinfo percent-encode set (6.1 set the " + attr + ")"},
		} {
			enc := userinfoEncode(x.lead) + tc.Expected[attr] + userinfoEncode(x.trail)
			newUser, newPass := user, pass
			if attr == "username" {
				newUser = enc
			} else {
				newPass = enc
			}
			href, ok := withUserinfo(tc.Expected["href"], user, pass, newUser, newPass)
			if !ok {
				return nil
			}
			e := copyExpected(tc.Expected)
			e[attr] = enc
			e["href"] = href
			add(x.lead+v+x.trail, x.rule, e)
		}
		return out
	}

	// The setters that run the basic URL parser: tabs and newlines are
	// removed from the value before anything else looks at it...
	skipStart := false
	switch {
	case v == "" && (attr == "port" || attr == "search" || attr == "hash"):
		// ...but these setters look at the raw value first: "" removes
		// the port, query or fragment, while "\t" is not empty and is
		// parsed (to an unchanged port, an empty query "?", an empty
		// fragment "#"). Those are other rules: left out.
		return nil
	case attr == "search" && strings.HasPrefix(v, "?"), attr == "hash" && strings.HasPrefix(v, "#"):
		// The setter strips a leading "?" or "#" only when it is the
		// first code point of the raw value: a tab before it keeps it
		// (and it is then encoded into the query or fragment). Other
		// positions are fine.
		skipStart = true
	}
	rule := func(what string) string {
		return what + " is removed by the basic URL parser (4.4 steps 2-3) before the " + attr + " setter's state override sees the value: WPT's expectation stands."
	}
	if !skipStart {
		add("\t"+v, rule("a tab at the start of the value"), tc.Expected)
	}
	if m := middle(v); m > 0 {
		add(v[:m]+"\n"+v[m:], rule("an LF in the middle of the value"), tc.Expected)
	}
	add(v+"\r", rule("a CR at the end of the value"), tc.Expected)
	if m := middle(v); m > 0 && !skipStart {
		add("\r\n"+v[:m]+"\t\t"+v[m:]+"\n\t", rule("tabs and newlines at the start, middle and end"), tc.Expected)
	}
	if attr == "href" {
		// Only href runs the parser with no url: leading and trailing
		// C0 control or space are stripped too (4.4 step 1.3).
		add("\x00"+v+" ", "leading U+0000 and trailing space are stripped by the basic URL parser with no url (4.4 step 1.3), as the href setter runs it", tc.Expected)
		add(" \x1f"+v+"\x01", "leading space and U+001F, trailing U+0001 are stripped (C0 control or space, 4.4 step 1.3) by the href setter's parser", tc.Expected)
		add("\x0b\x0c"+v+"\x0e\x20\x1b", "leading U+000B U+000C, trailing U+000E space U+001B are stripped (C0 control or space, 4.4 step 1.3) by the href setter's parser", tc.Expected)
	}
	return out
}

// extraSetterCases are the cases derive leaves out, with expectations
// worked out by hand from the setter steps of section 6.1.
var extraSetterCases = map[string][]genSetterCase{
	"port": {
		{Comment: "a lone tab is not the empty string, so the port setter parses it (6.1 port setter step 3) instead of removing the port; without tabs the port state meets EOF with an empty buffer and returns failure: unchanged",
			Href: "http://example.net:8080/", NewValue: "\t",
			Expected: map[string]string{"href": "http://example.net:8080/", "port": "8080"}},
		{Comment: "\\r\\n is not the empty string either: parsed, empty after tab and newline removal, failure: unchanged",
			Href: "https://example.net:4433/p", NewValue: "\r\n",
			Expected: map[string]string{"href": "https://example.net:4433/p", "host": "example.net:4433", "port": "4433"}},
	},
	"search": {
		{Comment: "a lone tab is not the empty string, so the search setter does not null the query: it sets it to the empty string and parses the tab away (6.1 search setter steps 4-5): \"?\" stays in the href, search is \"\"",
			Href: "https://example.net?lang=en-US#nav", NewValue: "\t",
			Expected: map[string]string{"href": "https://example.net/?#nav", "search": ""}},
		{Comment: "the leading \"?\" is stripped only when it is the first code point of the raw value (6.1 search setter step 3): after a tab it stays, and \"?\" is not in the special-query percent-encode set",
			Href: "https://example.net?lang=en-US#nav", NewValue: "\t?lang=fr",
			Expected: map[string]string{"href": "https://example.net/??lang=fr#nav", "search": "??lang=fr"}},
		{Comment: "a leading LF keeps a following \"?\" (6.1 search setter step 3 sees the raw value); non-special URL, query percent-encode set",
			Href: "sc://x/", NewValue: "\n?a=b",
			Expected: map[string]string{"href": "sc://x/??a=b", "search": "??a=b"}},
	},
	"hash": {
		{Comment: "a lone tab is not the empty string, so the hash setter does not null the fragment: it sets it to the empty string and parses the tab away (6.1 hash setter steps 3-4): \"#\" stays in the href, hash is \"\"",
			Href: "https://example.net?lang=en-US#nav", NewValue: "\t",
			Expected: map[string]string{"href": "https://example.net/?lang=en-US#", "hash": ""}},
		{Comment: "the leading \"#\" is stripped only when it is the first code point of the raw value (6.1 hash setter step 2): after a tab it stays, and \"#\" is not in the fragment percent-encode set",
			Href: "https://example.net?lang=en-US#nav", NewValue: "\t#main",
			Expected: map[string]string{"href": "https://example.net/?lang=en-US##main", "hash": "##main"}},
		{Comment: "a lone CR on a URL with an opaque path: the fragment becomes empty, not null (6.1 hash setter)",
			Href: "mailto:a@b", NewValue: "\r",
			Expected: map[string]string{"href": "mailto:a@b#", "hash": "", "pathname": "a@b"}},
	},
	"username": {
		{Comment: "a file URL cannot have a username (4.2 cannot have a username/password/port): a tab changes nothing",
			Href: "file:///home/you/index.html", NewValue: "\tme",
			Expected: map[string]string{"href": "file:///home/you/index.html", "username": ""}},
	},
	"password": {
		{Comment: "a URL with an empty host cannot have a password (4.2): a tab changes nothing",
			Href: "sc:///x", NewValue: "\t",
			Expected: map[string]string{"href": "sc:///x", "password": ""}},
	},
}

// userinfoFromHref returns the encoded username and password of an
// href's userinfo ("" when absent); ok is false when href has no
// authority.
func userinfoFromHref(href string) (username, password string, ok bool) {
	colon := strings.IndexByte(href, ':')
	if colon < 0 || !strings.HasPrefix(href[colon+1:], "//") {
		return "", "", false
	}
	authority := href[colon+3:]
	if end := strings.IndexAny(authority, "/?#"); end >= 0 {
		authority = authority[:end]
	}
	at := strings.LastIndexByte(authority, '@')
	if at < 0 {
		return "", "", true
	}
	username = authority[:at]
	if c := strings.IndexByte(username, ':'); c >= 0 {
		username, password = username[:c], username[c+1:]
	}
	return username, password, true
}

// generateSettersWeburl returns the contents of testdata/setters-weburl.json
// and the number of cases per attribute.
func generateSettersWeburl(t *testing.T) ([]byte, map[string]int) {
	var raw map[string]json.RawMessage
	loadWPT(t, "setters_tests.json", &raw)
	var buf bytes.Buffer
	buf.WriteString("{\n  \"comment\": [\n")
	buf.WriteString("    \"Generated by wpt_setters_generate_test.go from WPT setters_tests.json; do not edit.\",\n")
	buf.WriteString("    \"Each case adds ASCII tab or newline (or, for href, C0 control or space; for username and password, C0 controls) to a WPT new_value, with the expectation the URL Standard's rule gives.\"\n  ]")
	counts := map[string]int{}
	for _, attr := range setterAttrs {
		var cases []setterCase
		if err := json.Unmarshal(raw[attr], &cases); err != nil {
			t.Fatalf("setters_tests.json: %s: %v", attr, err)
		}
		var derived []genSetterCase
		for _, tc := range cases {
			derived = append(derived, derive(attr, tc)...)
		}
		derived = append(derived, extraSetterCases[attr]...)
		counts[attr] = len(derived)
		if len(derived) == 0 {
			continue
		}
		fmt.Fprintf(&buf, ",\n  %q: [", attr)
		for i, c := range derived {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			enc.SetIndent("    ", "  ")
			if err := enc.Encode(c); err != nil {
				t.Fatal(err)
			}
			if i > 0 {
				buf.WriteByte(',')
			}
			buf.WriteString("\n    ")
			buf.Write(bytes.TrimRight(b.Bytes(), "\n"))
		}
		buf.WriteString("\n  ]")
	}
	buf.WriteString("\n}\n")
	return buf.Bytes(), counts
}

// TestGenSettersWeburl checks (or with -update, rewrites)
// testdata/setters-weburl.json.
func TestGenSettersWeburl(t *testing.T) {
	want, counts := generateSettersWeburl(t)
	for _, attr := range setterAttrs {
		t.Logf("%-8s %4d cases", attr, counts[attr])
	}
	checkGenerated(t, settersWeburlPath, want, "TestGenSettersWeburl")
}

// TestUserinfoEncodeMatchesWPT checks the test's own userinfo encoder
// against the WPT cases that encode every ASCII code point, so that the
// generator's expectations rest on a checked encoder.
func TestUserinfoEncodeMatchesWPT(t *testing.T) {
	var raw map[string]json.RawMessage
	loadWPT(t, "setters_tests.json", &raw)
	n := 0
	for _, attr := range []string{"username", "password"} {
		var cases []setterCase
		if err := json.Unmarshal(raw[attr], &cases); err != nil {
			t.Fatal(err)
		}
		for _, tc := range cases {
			if len(tc.NewValue) > 20 && tc.Expected[attr] != "" {
				n++
				if got := userinfoEncode(tc.NewValue); got != tc.Expected[attr] {
					t.Errorf("userinfoEncode(%q) = %q, want %q", tc.NewValue, got, tc.Expected[attr])
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no WPT case encodes the userinfo set")
	}
}
