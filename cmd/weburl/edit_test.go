package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	url "github.com/weburl/url"
	"github.com/weburl/url/internal/cputime"
)

// TestEdit runs weburl's editing mode (trurl's options) on one case per
// option and per way it can fail: the exit code, the whole standard
// output, and a piece of standard error.
func TestEdit(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		stdin   string
		code    int
		out     string
		errPart string // substring of stderr; "" wants it empty
	}{
		// weburl URL prints the href, as browsers read it.
		{[]string{"HTTPS://EXAMPLE.com:443/a/./b/../c?q=1 2#frag"}, "", 0, "https://example.com/a/c?q=1%202#frag\n", ""},
		// No scheme: guessed as trurl does (ftp. gives ftp:), unless
		// --no-guess-scheme; "host:port" is not a scheme.
		{[]string{"ftp.example.com", "example.com:8080/x", "mailto:a@b.example"}, "", 0,
			"ftp://ftp.example.com/\nhttp://example.com:8080/x\nmailto:a@b.example\n", ""},
		// A bad URL: the URL Standard's error name and offset on stderr,
		// one line; the others are printed, exit 0 (trurl's).
		{[]string{"http://[::1", "https://ok.example/"}, "", 0, "https://ok.example/\n",
			`weburl note: url: parse "http://[::1": IPv6-unclosed (IPv6 address missing its closing bracket) at offset 7`},
		{[]string{"--no-guess-scheme", "example.com"}, "", 0, "", "missing-scheme-non-relative-URL"},
		// --verify: a bad URL ends the run, exit 9.
		{[]string{"--verify", "http://exa mple.com/", "https://never.example/"}, "", exitBadURL, "",
			"weburl error: url: parse \"http://exa mple.com/\": domain-to-ASCII (Unicode ToASCII failed on the domain) at offset 10\nweburl error: Try weburl -h for help\n"},
		// Options and URLs in any order; "--" ends the options.
		{[]string{"https://a.example/", "--set", "port=81", "--", "--json"}, "", 0, "https://a.example:81/\nhttp://--json:81/\n", ""},
		// --set with trurl's names: "=" encodes, ":=" takes the value as
		// it is, "?=" sets only what is not set.
		{[]string{"https://a.example/", "-s", "user=a b%", "-s", "password=p:w", "-s", "path=/x y\\z", "-s", "query=a=b&c", "-s", "fragment=f g"}, "", 0,
			"https://a%20b%25:p%3Aw@a.example/x%20y%5Cz?a%3Db%26c#f%20g\n", ""},
		{[]string{"https://a.example/", "--set", "query:=a=b&c=d", "--set=path:=/%41"}, "", 0, "https://a.example/%41?a=b&c=d\n", ""},
		{[]string{"https://a.example:88/", "--set", "port?=99", "-s", "fragment?=new"}, "", 0, "https://a.example:88/#new\n", ""},
		{[]string{"a.example", "--set", "scheme?=https"}, "", 0, "https://a.example/\n", ""},
		{[]string{"ws://a.example", "--set", "scheme?=https"}, "", 0, "ws://a.example/\n", ""},
		// --set with the URL Standard's names: the URL API's setters.
		{[]string{"https://a.example/", "-s", "protocol=wss:", "-s", "search=?x=1", "-s", "hash=#h", "-s", "hostname=b.example", "-s", "pathname=/p", "-s", "username=u"}, "", 0,
			"wss://u@b.example/p?x=1#h\n", ""},
		// A scheme the protocol setter refuses (special to
		// non-special): the href parsed again with the new scheme.
		{[]string{"https://a.example/x", "--set", "scheme=sftp"}, "", 0, "sftp://a.example/x\n", ""},
		// A value the setter refuses leaves the URL as it was, with a
		// note.
		{[]string{"https://a.example/", "--set", "port=99999"}, "", 0, "https://a.example/\n", "error setting port: url: set port"},
		{[]string{"https://a.example/", "--set", "zoneid=eth0"}, "", 0, "https://a.example/\n", "the URL Standard has no such component"},
		// --set alone makes a URL from a scheme and a host.
		{[]string{"--set", "host=moo", "--set", "scheme=http", "-s", "path=/p"}, "", 0, "http://moo/p\n", ""},
		{[]string{"--set", "host=moo"}, "", exitURL, "", "weburl error: not enough input for a URL\n"},
		{[]string{"-s", "port=1", "-s", "port=2", "x.example"}, "", exitSet, "", "duplicate --set for component port"},
		{[]string{"-s", "nope=1", "x.example"}, "", exitSet, "", "unknown component: nope"},
		{[]string{"-s", "=1", "x.example"}, "", exitSet, "", "invalid --set syntax"},
		// --append.
		{[]string{"https://a.example/dir", "-a", "path=x y", "-a", "path=%z", "-a", "query=a b=c&d", "-a", "query=e"}, "", 0,
			"https://a.example/dir/x%20y/%25z?a+b=c%26d&e\n", ""},
		{[]string{"mailto:a@b.example", "-a", "path=x"}, "", 0, "mailto:a@b.example\n", "error appending to the path"},
		{[]string{"x.example", "-a", "host=x"}, "", exitAppend, "", "--append unsupported component: host=x"},
		// --qtrim and --trim: a name (any ASCII case), a prefix with "*",
		// a literal "*" as "\*"; the pairs left keep their bytes.
		{[]string{"https://a.example/?UTM_a=1&b=%41&utm_c&*=2&d", "--qtrim", "utm_*", "--trim", "query=\\*", "--qtrim", "d"}, "", 0, "https://a.example/?b=%41\n", ""},
		{[]string{"https://a.example/?a=1", "--trim", "path=x"}, "", exitTrim, "", "Unsupported trim component: path=x"},
		// --replace and --replace-append.
		{[]string{"https://a.example/?k=1&x=2&k=3", "--replace", "k=new value"}, "", 0, "https://a.example/?k=new+value&x=2\n", ""},
		{[]string{"https://a.example/?x=2", "--replace", "k=v"}, "", 0, "https://a.example/?x=2\n", ""},
		{[]string{"https://a.example/?x=2", "--replace-append", "k=v"}, "", 0, "https://a.example/?x=2&k=v\n", ""},
		{[]string{"x.example", "--replace"}, "", exitReplace, "", "No data passed to replace component"},
		// --sort-query: URLSearchParams' order (stable, by name in UTF-16
		// code units: upper case first).
		{[]string{"https://a.example/?b=1&a=2&B=3&%C3%A9=4&a=1", "--sort-query"}, "", 0, "https://a.example/?B=3&a=2&a=1&b=1&%C3%A9=4\n", ""},
		// --query-separator.
		{[]string{"https://a.example/?a=1;b=2;c=3", "--query-separator", ";", "--qtrim", "b"}, "", 0, "https://a.example/?a=1;c=3\n", ""},
		{[]string{"x.example", "--query-separator", "ab"}, "", exitFlag, "", "only single-letter query separators are supported"},
		// --get: trurl's names decoded, ":" or "url:" encoded, the URL
		// Standard's names as the getters give them.
		{[]string{"https://u%40:p@a.example:8080/a%20b?x=%26&y=1&x=2+3#f%20", "-g", "{user}|{password}|{host}|{port}|{path}|{:path}|{query}|{fragment}|{query:x}|{query-all:x}|{:query:x}"}, "", 0,
			"u@|p|a.example|8080|/a b|/a%20b|x=&&y=1&x=2+3|f |&|& 2 3|%26\n", ""},
		{[]string{"https://a.example/p?q#h", "-g", "{protocol} {search} {hash} {hostname} {pathname} {href}"}, "", 0,
			"https: ?q #h a.example /p https://a.example/p?q#h\n", ""},
		{[]string{"https://a.example/", "-g", "[scheme]\\t{x}\\n\\[{host\\\\"}, "", 0, "https\t{x}\n[{host\\\n", ""},
		{[]string{"https://a.example/", "-g", "{default:port} {port} {default:url}"}, "", 0, "443  https://a.example:443/\n", ""},
		{[]string{"https://a.example/", "-g", "{must:fragment}"}, "", exitGet, "", "missing must:fragment"},
		{[]string{"https://a.example/?", "-g", "{must:query}"}, "", 0, "\n", ""},
		{[]string{"https://a.example/?n=%00", "-g", "{query}|{query:n}"}, "", 0, "|.\n", "URL decode error"},
		{[]string{"https://a.example/?n=%00", "-g", "{strict:query}"}, "", exitGet, "", "problems URL decoding query"},
		{[]string{"https://a.example/", "-g", "{nope}"}, "", exitGet, "", `"nope" is not a recognized URL component`},
		{[]string{"https://a.example/", "-g", "{bad:host}"}, "", exitGet, "", "Bad --get syntax: {bad:host}"},
		{[]string{"https://a.example/", "-g", "{puny:idn:host}"}, "", exitGet, "", "idn modifier is mutually exclusive with puny"},
		{[]string{"x", "-g", "{host}", "-g", "{port}"}, "", exitFlag, "", "only one --get is supported"},
		{[]string{"x", "-g", "{host}", "--json"}, "", exitFlag, "", "--json is mutually exclusive with --get"},
		// --urlencode: --get prints encoded components.
		{[]string{"https://a.example/a%20b?x=%26", "--urlencode", "-g", "{path} {query:x}"}, "", 0, "/a%20b %26\n", ""},
		// --iterate: every combination, the first option outermost.
		{[]string{"https://a.example/", "--iterate", "port=1 2", "--iterate", "scheme=http ws"}, "", 0,
			"http://a.example:1/\nws://a.example:1/\nhttp://a.example:2/\nws://a.example:2/\n", ""},
		{[]string{"x.example", "--iterate", "port=1", "--iterate", "port=2"}, "", exitIterate, "", "duplicate component for iterate: port"},
		{[]string{"x.example", "-s", "port=3", "--iterate", "port=2"}, "", exitIterate, "", "duplicate --iterate and --set for component port"},
		{[]string{"x.example", "--iterate", "nope=2"}, "", exitIterate, "", "bad component for iterate"},
		{[]string{"x.example", "--iterate", "port"}, "", exitIterate, "", "wrong iterate syntax"},
		// --url-file: "-" is standard input; trailing spaces, tabs and
		// "\r" trimmed, blank lines skipped; bad lines named by number.
		{[]string{"-f", "-", "--set", "port=8080"}, "\uFEFFa.example \t\r\n\n  \nhttps://[::1\nhttps://b.example/\n", 0,
			"http://a.example:8080/\nhttps://b.example:8080/\n", "weburl note: line 4: url: parse"},
		{[]string{"--url-file", "/nonexistent/urls.txt"}, "", exitFile, "", "--url-file /nonexistent/urls.txt not found"},
		{[]string{"-f", "-", "-f", "-"}, "", exitFlag, "", "only one --url-file is supported"},
		// --redirect resolves a reference against each URL.
		{[]string{"https://a.example/we/are.html", "--redirect", "../here.html?x"}, "", 0, "https://a.example/here.html?x\n", ""},
		{[]string{"--verify", "https://a.example/", "--redirect", "http://[z"}, "", exitBadURL, "", "invalid redirection: url: parse"},
		// Ports: the URL Standard drops a scheme's default port;
		// --keep-port writes it again where the input or --set gave it,
		// --default-port always.
		{[]string{"https://a.example:443/", "ftp://b.example:21/", "--keep-port"}, "", 0, "https://a.example:443/\nftp://b.example:21/\n", ""},
		{[]string{"https://a.example:22/", "--keep-port", "-s", "port=443"}, "", 0, "https://a.example:443/\n", ""},
		{[]string{"https://a.example/", "ws://b.example/", "gopher://c.example/", "--default-port"}, "", 0,
			"https://a.example:443/\nws://b.example:80/\ngopher://c.example/\n", ""},
		// --curl takes only special schemes.
		{[]string{"--curl", "--verify", "foo://bar"}, "", exitBadURL, "", "--curl takes only"},
		// --accept-space changes nothing: spaces are always taken.
		{[]string{"--accept-space", "https://a.example/a b"}, "", 0, "https://a.example/a%20b\n", ""},
		// --punycode changes nothing (the href is ASCII); it excludes
		// --as-idn.
		{[]string{"--punycode", "https://räksmörgås.se/"}, "", 0, "https://xn--rksmrgs-5wao1o.se/\n", ""},
		{[]string{"--punycode", "--as-idn", "x"}, "", exitFlag, "", "--as-idn is mutually exclusive with --punycode"},
		// --as-idn: Unicode where the display rules say it is safe; a
		// whole-script confusable (Cyrillic "аррӏе") stays Punycode, and
		// the note says why; --quiet drops the note.
		{[]string{"--as-idn", "https://xn--rksmrgs-5wao1o.se/a"}, "", 0, "https://räksmörgås.se/a\n", ""},
		{[]string{"--as-idn", "http://xn--80ak6aa92e.com/"}, "", 0, "http://xn--80ak6aa92e.com/\n",
			"weburl note: --as-idn: xn--80ak6aa92e.com: xn--80ak6aa92e (аррӏе) kept in Punycode: the display rules"},
		{[]string{"--as-idn", "--quiet", "http://xn--80ak6aa92e.com/"}, "", 0, "http://xn--80ak6aa92e.com/\n", ""},
		{[]string{"https://xn--rksmrgs-5wao1o.se/", "-g", "{idn:host} {puny:host} {host}"}, "", 0, "räksmörgås.se xn--rksmrgs-5wao1o.se xn--rksmrgs-5wao1o.se\n", ""},
		// Usage errors.
		{[]string{"x.example", "--set"}, "", exitArg, "", "weburl error: Missing argument for --set\nweburl error: Try weburl -h for help\n"},
		{[]string{"x.example", "-s"}, "", exitArg, "", "Missing argument for -s"},
		{[]string{"--bogus=1"}, "", exitFlag, "", "unknown option: --bogus\n"},
		{nil, "", exitURL, "", "not enough input for a URL"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
			if code != tc.code {
				t.Errorf("exit code %d, want %d (stderr %q)", code, tc.code, stderr.String())
			}
			if stdout.String() != tc.out {
				t.Errorf("stdout:\n%q\nwant\n%q", stdout.String(), tc.out)
			}
			if tc.errPart == "" && stderr.Len() > 0 || !strings.Contains(stderr.String(), tc.errPart) {
				t.Errorf("stderr %q, want %q", stderr.String(), tc.errPart)
			}
		})
	}
}

// TestEditJSON: --json prints trurl's array of {url, parts, params}:
// the parts the URL has, decoded (the query's "+" as a space) unless
// --urlencode, and params when there is a query.
func TestEditJSON(t *testing.T) {
	type param struct{ Key, Value string }
	type obj struct {
		URL    string            `json:"url"`
		Parts  map[string]string `json:"parts"`
		Params []param           `json:"params"`
	}
	for _, tc := range []struct {
		args []string
		want []obj
	}{
		{[]string{"--json", "ftp://u:p@a.example:33/a%20b?x=1+2&&y#f%00"}, []obj{{
			URL: "ftp://u:p@a.example:33/a%20b?x=1+2&&y#f%00",
			Parts: map[string]string{"scheme": "ftp", "user": "u", "password": "p", "host": "a.example", "port": "33",
				"path": "/a b", "query": "x=1 2&&y", "fragment": "f\x00"},
			Params: []param{{"x", "1 2"}, {"y", ""}},
		}}},
		{[]string{"--json", "--urlencode", "https://a.example/a%20b?x=%26", "b.example"}, []obj{
			{URL: "https://a.example/a%20b?x=%26", Parts: map[string]string{"scheme": "https", "host": "a.example", "path": "/a%20b", "query": "x=%26"},
				Params: []param{{"x", "&"}}},
			{URL: "http://b.example/", Parts: map[string]string{"scheme": "http", "host": "b.example", "path": "/"}},
		}},
		{[]string{"--json", "-f", "-"}, []obj{}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tc.args, strings.NewReader(""), &stdout, &stderr); code != 0 {
				t.Fatalf("exit code %d: %s", code, stderr.String())
			}
			got := []obj{}
			if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
				t.Fatalf("%v: %s", err, stdout.String())
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// TestEditHelpVersion: -h prints the options with both names of each
// component; -v the version and the trurl feature words that hold.
func TestEditHelpVersion(t *testing.T) {
	out := runCLI(t, []string{"https://ignored.example/", "-h"}, "", 0, "")
	for _, want := range []string{"--set [component][:]=[data]", "scheme / protocol", "query / search", "Subcommands:", "Exit codes:"} {
		if !strings.Contains(out, want) {
			t.Errorf("-h lacks %q", want)
		}
	}
	out = runCLI(t, []string{"--version"}, "", 0, "")
	if lines := strings.Split(out, "\n"); len(lines) < 2 || !strings.HasPrefix(lines[0], "weburl version ") || !strings.HasPrefix(lines[1], "features: ") {
		t.Errorf("--version = %q", out)
	}
}

// TestDefaultPorts checks {default:port} against the root's table of
// special schemes (url.DefaultPort), which the CLI reads instead of a
// copy of its own.
func TestDefaultPorts(t *testing.T) {
	for _, scheme := range []string{"http", "https", "ws", "wss", "ftp", "file", "gopher", "imap"} {
		t.Run(scheme, func(t *testing.T) {
			want := url.DefaultPort(scheme)
			if noPort := scheme == "file" || scheme == "gopher" || scheme == "imap"; (want == "") != noPort {
				t.Fatalf("url.DefaultPort(%q) = %q, but this test expects %s (gopher and imap as schemes that are not special: a scheme made special leaves that list)",
					scheme, want, map[bool]string{true: "no default port", false: "a default port"}[noPort])
			}
			out := runCLI(t, []string{"--url", scheme + "://h/", "--get", "{default:port}"}, "", 0, "")
			if out != want+"\n" {
				t.Errorf("{default:port} of %s:// = %q, want %q", scheme, out, want+"\n")
			}
		})
	}
}

// TestExplicitPort: the port an input writes, which --keep-port shows.
func TestExplicitPort(t *testing.T) {
	for in, want := range map[string]string{
		"https://a:443/": "443", "https://u:p@a:0443/x": "443", "https://a/": "", "https://[::1]/": "",
		"https://[::1]:80": "80", "https://a:/": "", "https://a:00/": "0", "x": "", "https://a:8x/": "",
	} {
		if got := explicitPort(in); got != want {
			t.Errorf("explicitPort(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLacksScheme: what the editing mode guesses a scheme for.
func TestLacksScheme(t *testing.T) {
	for in, want := range map[string]bool{
		"example.com": true, "example.com:80": true, "localhost:": true, "[::1]": true, "": true, " x": true,
		"https://a": false, "mailto:a@b": false, "  http://a": false, "hp://a": false, "a+b.c-d:x": false,
	} {
		if got := lacksScheme(in); got != want {
			t.Errorf("lacksScheme(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestEditLinear: hostile input of 64 KiB and 1 MiB takes linear time:
// a --get template of unclosed braces, a query of empty pairs sorted and
// trimmed, and many pairs of one name for {query-all:}.
func TestEditLinear(t *testing.T) {
	shapes := []struct {
		name string
		args func(n int) []string
	}{
		{"unclosed braces", func(n int) []string {
			return []string{"https://a.example/", "-g", strings.Repeat("{a", n/2)}
		}},
		{"empty pairs", func(n int) []string {
			return []string{"https://a.example/?" + strings.Repeat("&", n), "--sort-query", "--qtrim", "x*"}
		}},
		{"one name", func(n int) []string {
			return []string{"https://a.example/?" + strings.Repeat("a=1&", n/4), "-g", "{query-all:a}"}
		}},
		{"pairs to sort", func(n int) []string {
			return []string{"https://a.example/?" + strings.Repeat("b=1&a=2&", n/8), "--sort-query"}
		}},
	}
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			do := func(n int) func() {
				args := s.args(n)
				return func() {
					var stdout, stderr bytes.Buffer
					if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
						t.Fatalf("exit code %d: %.200s", code, stderr.String())
					}
				}
			}
			cputime.CheckLinear(t, 16, do(64<<10), do(1<<20))
		})
	}
}

// TestEditURLFileFromDisk: --url-file reads a file, relative to the
// working directory, as trurl does.
func TestEditURLFileFromDisk(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "urls.txt"), []byte("a.example\nhttps://b.example/x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	if out := runCLI(t, []string{"-f", "urls.txt", "-g", "{host}"}, "", 0, ""); out != "a.example\nb.example\n" {
		t.Errorf("stdout %q", out)
	}
}

// TestSortQueryIsURLSearchParams: --sort-query orders the pairs as
// URLSearchParams.sort() does (compareUTF16 is a copy of its order),
// also where UTF-16 and UTF-8 orders differ (U+FFFD against an astral
// code point) and for equal names (stable).
func TestSortQueryIsURLSearchParams(t *testing.T) {
	names := []string{"b", "\uFFFD", "a", "\U0001F600", "B", "é", "a", "", "a b", "ab"}
	var q []string
	for i, n := range names {
		q = append(q, url.FormEncode(n)+"="+strings.Repeat("x", i+1))
	}
	query := strings.Join(q, "&")
	sp := url.NewSearchParams(query)
	sp.Sort()
	var want []url.Param
	for n, v := range sp.All() {
		want = append(want, url.Param{Name: n, Value: v})
	}
	out := runCLI(t, []string{"https://a.example/?" + query, "--sort-query", "-g", "{:query}"}, "", 0, "")
	if got := url.ParseForm(strings.TrimSuffix(out, "\n")); !reflect.DeepEqual(got, want) {
		t.Errorf("--sort-query: %q\nURLSearchParams.sort(): %q", got, want)
	}
}
