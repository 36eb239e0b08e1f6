package url

// Generator of docs/untrusted-urls.md. The payload table and the registry
// table are measured, not written by hand: the normal test run fails when
// the file is stale, and
//
//	go test -run TestUntrustedURLsDoc -update
//
// rewrites it (the flag and checkGenerated are update_test.go's).

import (
	"bytes"
	"fmt"
	"net/netip"
	neturl "net/url"
	"strconv"
	"strings"
	"testing"
)

const untrustedDocPath = "docs/untrusted-urls.md"

// payload is one host-confusion input: a URL, or a reference resolved
// against base.
type payload struct {
	input string
	base  string
	note  string
}

var payloads = []payload{
	{"http://127.1/", "", "two-part IPv4"},
	{"http://127.0.1/", "", "three-part IPv4"},
	{"http://0x7f.1/", "", "hexadecimal part"},
	{"http://0x7f000001/", "", "one hexadecimal number"},
	{"http://2130706433/", "", "one decimal number"},
	{"http://0177.0.0.1/", "", "octal part"},
	{"http://127.000.000.001/", "", "zero-padded parts are octal"},
	{"http://127.0.0.1./", "", "trailing dot"},
	{"http://①②⑦.0.0.1/", "", "circled digits, NFKC-mapped"},
	{"http://１２７.０.０.１/", "", "fullwidth digits"},
	{"http://127。0。0。1/", "", "ideographic full stops"},
	{"http://127．0．0．1/", "", "fullwidth full stops"},
	{"http://127｡0｡0｡1/", "", "halfwidth ideographic full stops"},
	{"http://%31%32%37.0.0.1/", "", "percent-encoded digits"},
	{"http://%2531%2532%2537.0.0.1/", "", "double percent-encoding"},
	{"http://127.0.\t0.1/", "", "tab inside the host"},
	{"http://127.0.0.\n1/", "", "newline inside the host"},
	{"http://0/", "", "0.0.0.0 reaches the local machine"},
	{"http://0.0.0.0/", "", "unspecified"},
	{"http://[::]/", "", "unspecified IPv6"},
	{"http://[::1]/", "", "IPv6 loopback"},
	{"http://[0:0:0:0:0:0:0:1]/", "", "IPv6 loopback, uncompressed"},
	{"http://[::ffff:127.0.0.1]/", "", "IPv4-mapped"},
	{"http://[::ffff:7f00:1]/", "", "IPv4-mapped, hexadecimal"},
	{"http://[::127.0.0.1]/", "", "IPv4-compatible (deprecated)"},
	{"http://[64:ff9b::7f00:1]/", "", "NAT64 of 127.0.0.1"},
	{"http://[::1%25eth0]/", "", "IPv6 zone"},
	{"http://[fd00::1]/", "", "unique local"},
	{"http://169.254.169.254/", "", "cloud metadata"},
	{"http://0xa9fea9fe/", "", "cloud metadata, one hex number"},
	{"http://2852039166/", "", "cloud metadata, one decimal number"},
	{"http://[fd00:ec2::254]/", "", "cloud metadata, IPv6"},
	{"http://100.100.100.200/", "", "cloud metadata in shared address space"},
	{"http://localhost/", "", "a name"},
	{"http://localhost./", "", "a name with a trailing dot"},
	{"http://LOCALHOST/", "", "case"},
	{"http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/", "", "circled letters, NFKC-mapped"},
	{"http://127.0.0.1.nip.io/", "", "a name that resolves to 127.0.0.1"},
	{"http://good.com@evil.com/", "", "userinfo"},
	{"http://good.com:80@evil.com/", "", "userinfo that looks like a port"},
	{"http://evil.com#@good.com/", "", "fragment"},
	{"http://evil.com?@good.com/", "", "query"},
	{"http://evil.com\\@good.com/", "", "backslash ends a special URL's host"},
	{"http:\\\\evil.com\\", "", "backslashes as slashes"},
	{"http:/evil.com/", "", "one slash"},
	{"http:evil.com/", "", "no slash"},
	{"/\\evil.com", "https://good.com/", "backslash in a scheme-relative reference"},
	{"\\\\evil.com", "https://good.com/", "two backslashes"},
	{"//evil.com", "https://good.com/", "scheme-relative reference"},
	{" http://127.0.0.1/", "", "leading space"},
	{"http://127.0.0.1 /", "", "space in the host"},
	{"http://evil.com%00.good.com/", "", "percent-encoded NUL"},
	{"http://evil.com%2f.good.com/", "", "percent-encoded slash"},
}

// weburlRead is what weburl makes of a payload.
type weburlRead struct {
	err     error
	host    string // Hostname
	addr    netip.Addr
	verdict string
}

func readWeburl(p payload) weburlRead {
	var u *URL
	var err error
	if p.base != "" {
		u, err = Parse(p.input, p.base)
	} else {
		u, err = Parse(p.input)
	}
	if err != nil {
		return weburlRead{err: err, verdict: "parse error"}
	}
	r := weburlRead{host: u.Hostname(), addr: u.Addr()}
	switch {
	case !r.addr.IsValid():
		r.verdict = "a name: dial guard decides"
	case GloballyReachable(r.addr):
		r.verdict = "allow"
	default:
		r.verdict = "refuse"
	}
	return r
}

// netURLRead is what net/url, and a check built on it, make of a payload.
type netURLRead struct {
	err     error
	host    string // Hostname
	verdict string
}

// naiveRefuses is the check people write on net/url's Hostname.
func naiveRefuses(a netip.Addr) bool {
	return a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsUnspecified() || a.IsMulticast()
}

func readNetURL(p payload) netURLRead {
	var u *neturl.URL
	var err error
	if p.base != "" {
		var b *neturl.URL
		if b, err = neturl.Parse(p.base); err == nil {
			u, err = b.Parse(p.input)
		}
	} else {
		u, err = neturl.Parse(p.input)
	}
	if err != nil {
		return netURLRead{err: err, verdict: "parse error"}
	}
	r := netURLRead{host: u.Hostname()}
	a, aerr := netip.ParseAddr(r.host)
	switch {
	case aerr != nil:
		r.verdict = "passes (not an address)"
	case naiveRefuses(a):
		r.verdict = "refuse"
	default:
		r.verdict = "passes"
	}
	return r
}

// showInput formats an input for the table: as a Go string when it holds
// a control character or a space at either end, as it is otherwise.
func showInput(s string) string {
	if strings.TrimSpace(s) != s || strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return mdCode(strconv.Quote(s))
	}
	return mdCode(s)
}

// showHost formats a host for the table.
func showHost(s string) string {
	if s == "" {
		return "(empty)"
	}
	return mdCode(s)
}

// sameHost reports whether two hosts name the same host: equal addresses,
// or names equal but for ASCII case (as DNS compares them).
func sameHost(ours, theirs string) bool {
	a, errA := netip.ParseAddr(strings.Trim(ours, "[]"))
	b, errB := netip.ParseAddr(theirs)
	if errA == nil && errB == nil {
		return a == b
	}
	return strings.EqualFold(strings.Trim(ours, "[]"), theirs)
}

func untrustedDoc(t *testing.T) []byte {
	var b bytes.Buffer
	b.WriteString("<!-- Code generated by TestUntrustedURLsDoc in untrusted_docs_test.go; DO NOT EDIT. -->\n\n")
	b.WriteString(untrustedIntro)

	// The payload table.
	var differ, lets, netFails, ourFails int
	var rows bytes.Buffer
	rows.WriteString("| # | input | weburl host | `Addr()` | weburl: decide | net/url `Hostname()` | net/url + netip check | note |\n")
	rows.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for i, p := range payloads {
		w, n := readWeburl(p), readNetURL(p)
		ourHost := "parse error"
		if w.err == nil {
			ourHost = showHost(w.host)
		} else {
			ourFails++
		}
		theirHost := "parse error"
		if n.err == nil {
			theirHost = showHost(n.host)
		} else {
			netFails++
		}
		same := (w.err != nil) == (n.err != nil) && (w.err != nil || sameHost(w.host, n.host))
		mark := ""
		if !same {
			differ++
			mark = " ≠"
		}
		if w.verdict == "refuse" && strings.HasPrefix(n.verdict, "passes") {
			lets++
			n.verdict = "**" + n.verdict + "**"
		}
		addr := "-"
		if w.addr.IsValid() {
			addr = mdCode(w.addr.String())
		}
		in := showInput(p.input)
		if p.base != "" {
			in += " against " + mdCode(p.base)
		}
		fmt.Fprintf(&rows, "| %d | %s | %s | %s | %s | %s%s | %s | %s |\n", i+1, mdCell(in), mdCell(ourHost), addr, w.verdict, mdCell(theirHost), mark, n.verdict, mdCell(p.note))
	}
	if differ == 0 || lets == 0 {
		t.Errorf("the payload table shows no difference (%d) or nothing let through (%d)", differ, lets)
	}
	fmt.Fprintf(&b, "## Host-confusion payloads\n\n")
	fmt.Fprintf(&b, "Each input is parsed by weburl (as a browser would) and by net/url. **weburl: decide** is `refuse` when\n")
	fmt.Fprintf(&b, "`Addr()` is an address that `GloballyReachable` rejects, `allow` when it accepts it, and leaves a name to the dial\n")
	fmt.Fprintf(&b, "guard. **net/url + netip check** is the check often written on net/url: `netip.ParseAddr(u.Hostname())`, then\n")
	fmt.Fprintf(&b, "refuse if the address `IsLoopback`, `IsPrivate`, `IsLinkLocalUnicast`, `IsUnspecified` or `IsMulticast`.\n\n")
	fmt.Fprintf(&b, "Of %d payloads, net/url reads another host than weburl (≠: another address or name, ignoring ASCII case and\n", len(payloads))
	fmt.Fprintf(&b, "address spelling, or a parse error where the other parses) in **%d**; it fails to parse %d (weburl: %d); and the\n", differ, netFails, ourFails)
	fmt.Fprintf(&b, "net/url + netip check lets through **%d** that a browser would send to an address that is not globally reachable\n", lets)
	fmt.Fprintf(&b, "(bold). Names (`localhost`, `127.0.0.1.nip.io`) pass both URL-level checks: only the dial guard stops them.\n\n")
	b.Write(rows.Bytes())

	// The registry table.
	b.WriteString("\n## What `GloballyReachable` refuses\n\n")
	b.WriteString("The rows of the IANA IPv4 and IPv6 Special-Purpose Address Registries, as `addr.go` holds them; where rows nest,\n")
	b.WriteString("the most specific decides. Beyond the registries: IPv4-mapped addresses (`::ffff:0:0/96`) and the NAT64 prefix\n")
	b.WriteString("(`64:ff9b::/96`) are judged by the IPv4 address they carry; multicast (`224.0.0.0/4`, `ff00::/8`), unspecified\n")
	b.WriteString("addresses, addresses with a zone, and IPv6 outside `2000::/3` (the global unicast space) are refused.\n")
	b.WriteString("\"N/A\" (and a deprecated row's blank) counts as not reachable.\n\n")
	b.WriteString("| address block | name | RFC | globally reachable |\n| --- | --- | --- | --- |\n")
	for _, r := range specialPurpose {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", r.block, mdCell(r.name), mdCell(r.rfc), r.reachable)
	}
	b.WriteString(untrustedOutro)
	b.WriteString("\nRegenerate with `go test -run TestUntrustedURLsDoc -update`.\n")
	return b.Bytes()
}

const untrustedIntro = "# Deciding on untrusted URLs\n\n" +
	"Server code parses URLs it did not write to decide something: may we fetch this webhook or avatar (server-side\n" +
	"request forgery), is this `Origin` ours, is this redirect same-site. The decision is only as good as the agreement\n" +
	"between the parser that decides and the one that acts. weburl reads every URL as browsers do; the functions below\n" +
	"turn what it read into decisions.\n\n" +
	"## The recipe\n\n" +
	"1. **Parse once, with weburl.** `u, err := url.Parse(input)`; refuse on error.\n" +
	"2. **Allow-list the scheme.** `u.Protocol() == \"https:\"` (or `\"http:\"`): not a deny-list of `javascript:`,\n" +
	"   `file:`, `gopher:`.\n" +
	"3. **Decide on the address, when the host is one.** `a := u.Addr(); if a.IsValid() && !url.GloballyReachable(a)`,\n" +
	"   refuse. `Addr` has already turned `0x7f.1`, `2130706433` and `①②⑦.0.0.1` into `127.0.0.1`, and\n" +
	"   `GloballyReachable` judges `[::ffff:127.0.0.1]` as the IPv4 address it maps.\n" +
	"4. **Guard the dial.** Fetch with `urlnet.DialGuard.Client` (package `github.com/weburl/url/urlnet`): its\n" +
	"   `net.Dialer` has `Control: urlnet.DialControl` (or a `urlnet.DialGuard`'s, with an allow-list), it uses no\n" +
	"   proxy, and it refuses redirects to addresses it does not allow. Step 3 only catches addresses written in the\n" +
	"   URL; the guard catches what names resolve to and where redirects lead.\n" +
	"5. **Send what you checked.** Build the request with `urlnet.NewRequest(ctx, \"GET\", u, nil)`, which hands\n" +
	"   net/http `u.NetURL()`, and pass `u.Href()` (a string any WHATWG parser reads the same way) to anything\n" +
	"   else; never the original input. Not `client.Get(u.Href())`: net/url refuses an href that keeps a `%` not\n" +
	"   followed by two hex digits (`http://example.com/100%`), which the URL Standard accepts. Other parsers read\n" +
	"   `http:\\\\evil.com` or\n" +
	"   `http://evil.com\\@good.com` otherwise than browsers do (in the table, net/url finds no host in the first and\n" +
	"   fails on the second; a lenient RFC 3986 parser, which ends the authority only at `/`,\n" +
	"   `?` or `#`, takes `good.com` as the host of the second).\n\n" +
	"```go\n" +
	"u, err := url.Parse(input)\n" +
	"if err != nil || (u.Protocol() != \"https:\" && u.Protocol() != \"http:\") {\n" +
	"\treturn errRefused\n" +
	"}\n" +
	"if a := u.Addr(); a.IsValid() && !url.GloballyReachable(a) {\n" +
	"\treturn errRefused\n" +
	"}\n" +
	"client := (*urlnet.DialGuard)(nil).Client() // or a DialGuard with an Allow list; make it once\n" +
	"req, err := urlnet.NewRequest(ctx, \"GET\", u, nil)\n" +
	"if err != nil {\n" +
	"\treturn err\n" +
	"}\n" +
	"resp, err := client.Do(req)\n" +
	"```\n\n" +
	"The example of package `urlnet` (`go doc github.com/weburl/url/urlnet`) runs this recipe.\n\n" +
	"## What a URL library cannot decide\n\n" +
	"- **DNS.** A name's addresses are known only when it is resolved, and may differ at each lookup: a name checked\n" +
	"  as public can resolve to `127.0.0.1` when fetched (DNS rebinding), `127.0.0.1.nip.io` does so always. No URL\n" +
	"  check can see it. The dial guard runs inside `net.Dialer` after the lookup and before `connect(2)`, for every\n" +
	"  address the dialer tries, so it judges the address actually connected to.\n" +
	"- **Redirects.** A public server may answer `302 Location: http://169.254.169.254/`. Each connection the client\n" +
	"  makes for the redirect goes through the same dialer, so the guard refuses it; `DialGuard.Client`'s\n" +
	"  `CheckRedirect` refuses an address it does not allow before dialing, with a clearer error.\n" +
	"- **Proxies.** With a proxy the dialer connects to the proxy, not to the target: the guard then sees only the\n" +
	"  proxy's address. Set `Proxy: nil` (net/http's default transport reads `HTTP_PROXY`), or allow the proxy and let\n" +
	"  it enforce the policy.\n" +
	"- **Other fetchers.** A URL handed to another program (a headless browser, an image resizer, a queue consumer)\n" +
	"  is fetched by that program's dialer; the guard must be there.\n\n" +
	"The guard refuses with an error wrapping `urlnet.ErrNotGloballyReachable` (`errors.Is` works through\n" +
	"`http.Client`'s errors). Its tests dial a listener on 127.0.0.1 (refused before the listener accepts anything;\n" +
	"allowed when listed in `DialGuard.Allow`), resolve names through a fake DNS server on 127.0.0.1 that answers\n" +
	"private, loopback, mapped and unspecified addresses, and follow a redirect from an allowed server to a refused one.\n\n" +
	"## Origins, sites and requests\n\n" +
	"- `url.SameOrigin(a, b)` compares tuple origins; `a.Origin() == b.Origin()` is wrong for opaque origins, which\n" +
	"  all serialize as `\"null\"` but are never the same (`data:`, `file:`, sandboxed documents).\n" +
	"- `url.SameSite` and `url.SchemelesslySameSite` follow HTML, on `RegistrableDomain` from the Public Suffix List\n" +
	"  as golang.org/x/net/publicsuffix compiles it in (the module holds a copy, which its tests check against\n" +
	"  golang.org/x/net rule by rule). Lists differ between clients: prefer origins for security decisions.\n" +
	"- `urlnet.RequestURL(r)` gives the URL an incoming request asked for, from `r.Host` and `r.TLS`. It ignores\n" +
	"  `Forwarded` and `X-Forwarded-*`: any client can send them. `urlnet.TrustedProxies` reads the header your proxy\n" +
	"  sets, only on requests from the proxy's addresses.\n\n"

const untrustedOutro = "\nThe registries change every year or two (the newest rows: `5f00::/16`, `2001:1::3/128` and `3fff::/20` in 2024,\n" +
	"`100:0:0:1::/64` in 2025). Update the table in `addr.go` from\n" +
	"<https://www.iana.org/assignments/iana-ipv4-special-registry/> and\n" +
	"<https://www.iana.org/assignments/iana-ipv6-special-registry/>, then regenerate this file.\n"

// TestUntrustedURLsDoc checks that docs/untrusted-urls.md is up to date.
func TestUntrustedURLsDoc(t *testing.T) {
	checkGenerated(t, untrustedDocPath, untrustedDoc(t), "TestUntrustedURLsDoc")
}
