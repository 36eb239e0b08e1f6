package url

import "net/netip"

// Host addresses and whether they are globally reachable: what server code
// needs before it fetches a URL it was handed (a webhook, an avatar URL, a
// link preview) without being turned against its own network.

// Addr returns the URL's host as an address when the host is an IPv4 or
// an IPv6 address, and the zero [net/netip.Addr] otherwise (a domain, an
// opaque or empty host, no host). Every IPv4 spelling the parser accepts
// ("127.1", "0x7f.1", "2130706433", "0177.0.0.1", fullwidth digits) has
// already become one address; "[::ffff:127.0.0.1]" is the IPv6 address
// ::ffff:7f00:1, which [GloballyReachable] judges as the IPv4 address it
// maps.
//
// A domain gives the zero Addr even when it resolves to an address
// ("localhost", "127.0.0.1.nip.io"): only a resolver knows that, and
// the dial guard of [github.com/weburl/url/urlnet.DialGuard] checks the
// address a connection actually goes to.
func (u *URL) Addr() netip.Addr {
	switch u.hostKind {
	case HostIPv4:
		a, err := netip.ParseAddr(u.href[u.hostStart:u.hostEnd])
		if err != nil {
			return netip.Addr{}
		}
		return a
	case HostIPv6:
		a, err := netip.ParseAddr(u.href[u.hostStart+1 : u.hostEnd-1])
		if err != nil {
			return netip.Addr{}
		}
		return a
	}
	return netip.Addr{}
}

// GloballyReachable reports whether a is a unicast address that the IANA
// IPv4 or IPv6 Special-Purpose Address Registry does not mark as not
// globally reachable: whether a connection to it leaves the local
// networks for the public Internet. It is false for the zero Addr.
//
// The rules, in order:
//   - An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged as the IPv4
//     address it maps, since that is what a dial reaches; so is an address
//     of the well-known NAT64 prefix 64:ff9b::/96 (RFC 6052), which a
//     translator forwards to the IPv4 address it embeds.
//   - Unspecified (0.0.0.0, ::), limited broadcast (255.255.255.255) and
//     multicast (224.0.0.0/4, RFC 5771; ff00::/8, RFC 4291) addresses are
//     refused: they are no single remote host.
//   - An IPv6 address outside 2000::/3, the only block the IANA IPv6
//     Address Space registry allocates to global unicast (RFC 4291
//     section 2.4), is refused: that includes the deprecated site-local
//     fec0::/10 (RFC 3879) and IPv4-compatible ::a.b.c.d addresses, which
//     the special-purpose registry does not list.
//   - An address with a zone ("fe80::1%eth0") is refused: a zone names a
//     link, and nothing on one link is global.
//   - Otherwise the most specific row of the registries that contains a
//     decides (see specialPurpose in addr.go): "True" in the Globally
//     Reachable column is reachable; "False", "N/A" (Teredo 2001::/32,
//     6to4 2002::/16) and the blank column of a deprecated row are not.
//     An address in no row is reachable.
//
// The registries as of 2025-04 (the last change, RFC 9780) are built in;
// docs/untrusted-urls.md lists the rows.
func GloballyReachable(a netip.Addr) bool {
	if !a.IsValid() || a.Zone() != "" {
		return false
	}
	if a.Is4In6() {
		a = a.Unmap()
	} else if a.Is6() && nat64WellKnown.Contains(a) {
		b := a.As16()
		a = netip.AddrFrom4([4]byte(b[12:]))
	}
	if a.IsUnspecified() || a.IsMulticast() {
		return false
	}
	if a.Is6() && !globalUnicast6.Contains(a) {
		return false
	}
	row := specialPurposeRow(a)
	return row == nil || row.reachable == reachTrue
}

// reach is the value of a registry row's "Globally Reachable" column.
type reach uint8

const (
	reachFalse reach = iota // "False"
	reachTrue               // "True"
	reachNA                 // "N/A", or blank in a row whose allocation was terminated
)

// String returns the column's text.
func (r reach) String() string {
	switch r {
	case reachTrue:
		return "True"
	case reachNA:
		return "N/A"
	}
	return "False"
}

// specialRow is one row of an IANA Special-Purpose Address Registry.
type specialRow struct {
	block     netip.Prefix // "Address Block"
	name      string       // "Name"
	rfc       string       // "RFC"
	reachable reach        // "Globally Reachable"
}

var (
	// nat64WellKnown is the IPv4-IPv6 translation prefix of RFC 6052,
	// whose addresses embed an IPv4 address in their last 32 bits.
	nat64WellKnown = v6(96, 0x64, 0xff9b)
	// globalUnicast6 is the IPv6 global unicast space (IANA IPv6 Address
	// Space registry; RFC 4291 section 2.4, RFC 3587).
	globalUnicast6 = v6(3, 0x2000)
)

// v4 returns the IPv4 prefix a.b.c.d/bits. The tables here are built
// with v4 and v6, not netip.MustParsePrefix: a parse with its panic path
// for each of 55 rows made 24 KB of init code that every program linking
// the package carried (see parseonly_test.go).
func v4(a, b, c, d byte, bits int) netip.Prefix {
	return netip.PrefixFrom(netip.AddrFrom4([4]byte{a, b, c, d}), bits)
}

// v6 returns the IPv6 prefix whose leading 16-bit groups are groups (the
// rest zero) and whose length is bits: v6(32, 0x2001, 0xdb8) is
// 2001:db8::/32.
func v6(bits int, groups ...uint16) netip.Prefix {
	var a [16]byte
	for i, g := range groups {
		a[2*i], a[2*i+1] = byte(g>>8), byte(g)
	}
	return netip.PrefixFrom(netip.AddrFrom16(a), bits)
}

// specialPurpose is the IANA IPv4 Special-Purpose Address Registry
// (https://www.iana.org/assignments/iana-ipv4-special-registry/) and the
// IANA IPv6 Special-Purpose Address Registry
// (https://www.iana.org/assignments/iana-ipv6-special-registry/), in the
// registries' order, with each row's address block, name, RFC and
// Globally Reachable column. Where rows nest, the most specific one
// applies (the registries' footnote: "False unless allowed by a more
// specific allocation"). The IPv4 registry's one row for
// "192.0.0.170/32, 192.0.0.171/32" is two rows here.
//
// Rows that GloballyReachable does not reach through this table but
// judges by its own rules: ::ffff:0:0/96 (IPv4-mapped: the mapped IPv4
// address decides) and 64:ff9b::/96 (NAT64: the embedded IPv4 address
// decides); 0.0.0.0/32 and ::/128 are refused as unspecified first.
var specialPurpose = [...]specialRow{
	// IPv4
	{v4(0, 0, 0, 0, 8), `"This network"`, "RFC 791, Section 3.2", reachFalse},
	{v4(0, 0, 0, 0, 32), `"This host on this network"`, "RFC 1122, Section 3.2.1.3", reachFalse},
	{v4(10, 0, 0, 0, 8), "Private-Use", "RFC 1918", reachFalse},
	{v4(100, 64, 0, 0, 10), "Shared Address Space", "RFC 6598", reachFalse},
	{v4(127, 0, 0, 0, 8), "Loopback", "RFC 1122, Section 3.2.1.3", reachFalse},
	{v4(169, 254, 0, 0, 16), "Link Local", "RFC 3927", reachFalse},
	{v4(172, 16, 0, 0, 12), "Private-Use", "RFC 1918", reachFalse},
	{v4(192, 0, 0, 0, 24), "IETF Protocol Assignments", "RFC 6890, Section 2.1", reachFalse},
	{v4(192, 0, 0, 0, 29), "IPv4 Service Continuity Prefix", "RFC 7335", reachFalse},
	{v4(192, 0, 0, 8, 32), "IPv4 dummy address", "RFC 7600", reachFalse},
	{v4(192, 0, 0, 9, 32), "Port Control Protocol Anycast", "RFC 7723", reachTrue},
	{v4(192, 0, 0, 10, 32), "Traversal Using Relays around NAT Anycast", "RFC 8155", reachTrue},
	{v4(192, 0, 0, 170, 32), "NAT64/DNS64 Discovery", "RFC 8880, RFC 7050 Section 2.2", reachFalse},
	{v4(192, 0, 0, 171, 32), "NAT64/DNS64 Discovery", "RFC 8880, RFC 7050 Section 2.2", reachFalse},
	{v4(192, 0, 2, 0, 24), "Documentation (TEST-NET-1)", "RFC 5737", reachFalse},
	{v4(192, 31, 196, 0, 24), "AS112-v4", "RFC 7535", reachTrue},
	{v4(192, 52, 193, 0, 24), "AMT", "RFC 7450", reachTrue},
	{v4(192, 88, 99, 0, 24), "Deprecated (6to4 Relay Anycast)", "RFC 7526", reachNA},
	{v4(192, 88, 99, 2, 32), "6a44-relay anycast address", "RFC 6751", reachFalse},
	{v4(192, 168, 0, 0, 16), "Private-Use", "RFC 1918", reachFalse},
	{v4(192, 175, 48, 0, 24), "Direct Delegation AS112 Service", "RFC 7534", reachTrue},
	{v4(198, 18, 0, 0, 15), "Benchmarking", "RFC 2544", reachFalse},
	{v4(198, 51, 100, 0, 24), "Documentation (TEST-NET-2)", "RFC 5737", reachFalse},
	{v4(203, 0, 113, 0, 24), "Documentation (TEST-NET-3)", "RFC 5737", reachFalse},
	{v4(240, 0, 0, 0, 4), "Reserved", "RFC 1112, Section 4", reachFalse},
	{v4(255, 255, 255, 255, 32), "Limited Broadcast", "RFC 8190, RFC 919 Section 7", reachFalse},

	// IPv6
	{v6(128, 0, 0, 0, 0, 0, 0, 0, 0x1), "Loopback Address", "RFC 4291", reachFalse},
	{v6(128), "Unspecified Address", "RFC 4291", reachFalse},
	{v6(96, 0, 0, 0, 0, 0, 0xffff), "IPv4-mapped Address", "RFC 4291", reachFalse},
	{v6(96, 0x64, 0xff9b), "IPv4-IPv6 Translat.", "RFC 6052", reachTrue},
	{v6(48, 0x64, 0xff9b, 0x1), "IPv4-IPv6 Translat.", "RFC 8215", reachFalse},
	{v6(64, 0x100), "Discard-Only Address Block", "RFC 6666", reachFalse},
	{v6(64, 0x100, 0, 0, 0x1), "Dummy IPv6 Prefix", "RFC 9780", reachFalse},
	{v6(23, 0x2001), "IETF Protocol Assignments", "RFC 2928", reachFalse},
	{v6(32, 0x2001), "TEREDO", "RFC 4380, RFC 8190", reachNA},
	{v6(128, 0x2001, 0x1, 0, 0, 0, 0, 0, 0x1), "Port Control Protocol Anycast", "RFC 7723", reachTrue},
	{v6(128, 0x2001, 0x1, 0, 0, 0, 0, 0, 0x2), "Traversal Using Relays around NAT Anycast", "RFC 8155", reachTrue},
	{v6(128, 0x2001, 0x1, 0, 0, 0, 0, 0, 0x3), "DNS-SD Service Registration Protocol Anycast", "RFC 9665", reachTrue},
	{v6(48, 0x2001, 0x2), "Benchmarking", "RFC 5180, RFC Errata 1752", reachFalse},
	{v6(32, 0x2001, 0x3), "AMT", "RFC 7450", reachTrue},
	{v6(48, 0x2001, 0x4, 0x112), "AS112-v6", "RFC 7535", reachTrue},
	{v6(28, 0x2001, 0x10), "Deprecated (previously ORCHID)", "RFC 4843", reachNA},
	{v6(28, 0x2001, 0x20), "ORCHIDv2", "RFC 7343", reachTrue},
	{v6(28, 0x2001, 0x30), "Drone Remote ID Protocol Entity Tags (DETs) Prefix", "RFC 9374", reachTrue},
	{v6(32, 0x2001, 0xdb8), "Documentation", "RFC 3849", reachFalse},
	{v6(16, 0x2002), "6to4", "RFC 3056", reachNA},
	{v6(48, 0x2620, 0x4f, 0x8000), "Direct Delegation AS112 Service", "RFC 7534", reachTrue},
	{v6(20, 0x3fff), "Documentation", "RFC 9637", reachFalse},
	{v6(16, 0x5f00), "Segment Routing (SRv6) SIDs", "RFC 9602", reachFalse},
	{v6(7, 0xfc00), "Unique-Local", "RFC 4193, RFC 8190", reachFalse},
	{v6(10, 0xfe80), "Link-Local Unicast", "RFC 4291", reachFalse},
}

// specialPurposeRow returns the most specific row of specialPurpose that
// contains a, or nil.
func specialPurposeRow(a netip.Addr) *specialRow {
	var best *specialRow
	for i := range specialPurpose {
		r := &specialPurpose[i]
		if r.block.Contains(a) && (best == nil || r.block.Bits() > best.block.Bits()) {
			best = r
		}
	}
	return best
}
