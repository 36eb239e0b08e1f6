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
	nat64WellKnown = netip.MustParsePrefix("64:ff9b::/96")
	// globalUnicast6 is the IPv6 global unicast space (IANA IPv6 Address
	// Space registry; RFC 4291 section 2.4, RFC 3587).
	globalUnicast6 = netip.MustParsePrefix("2000::/3")
)

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
	{netip.MustParsePrefix("0.0.0.0/8"), `"This network"`, "RFC 791, Section 3.2", reachFalse},
	{netip.MustParsePrefix("0.0.0.0/32"), `"This host on this network"`, "RFC 1122, Section 3.2.1.3", reachFalse},
	{netip.MustParsePrefix("10.0.0.0/8"), "Private-Use", "RFC 1918", reachFalse},
	{netip.MustParsePrefix("100.64.0.0/10"), "Shared Address Space", "RFC 6598", reachFalse},
	{netip.MustParsePrefix("127.0.0.0/8"), "Loopback", "RFC 1122, Section 3.2.1.3", reachFalse},
	{netip.MustParsePrefix("169.254.0.0/16"), "Link Local", "RFC 3927", reachFalse},
	{netip.MustParsePrefix("172.16.0.0/12"), "Private-Use", "RFC 1918", reachFalse},
	{netip.MustParsePrefix("192.0.0.0/24"), "IETF Protocol Assignments", "RFC 6890, Section 2.1", reachFalse},
	{netip.MustParsePrefix("192.0.0.0/29"), "IPv4 Service Continuity Prefix", "RFC 7335", reachFalse},
	{netip.MustParsePrefix("192.0.0.8/32"), "IPv4 dummy address", "RFC 7600", reachFalse},
	{netip.MustParsePrefix("192.0.0.9/32"), "Port Control Protocol Anycast", "RFC 7723", reachTrue},
	{netip.MustParsePrefix("192.0.0.10/32"), "Traversal Using Relays around NAT Anycast", "RFC 8155", reachTrue},
	{netip.MustParsePrefix("192.0.0.170/32"), "NAT64/DNS64 Discovery", "RFC 8880, RFC 7050 Section 2.2", reachFalse},
	{netip.MustParsePrefix("192.0.0.171/32"), "NAT64/DNS64 Discovery", "RFC 8880, RFC 7050 Section 2.2", reachFalse},
	{netip.MustParsePrefix("192.0.2.0/24"), "Documentation (TEST-NET-1)", "RFC 5737", reachFalse},
	{netip.MustParsePrefix("192.31.196.0/24"), "AS112-v4", "RFC 7535", reachTrue},
	{netip.MustParsePrefix("192.52.193.0/24"), "AMT", "RFC 7450", reachTrue},
	{netip.MustParsePrefix("192.88.99.0/24"), "Deprecated (6to4 Relay Anycast)", "RFC 7526", reachNA},
	{netip.MustParsePrefix("192.88.99.2/32"), "6a44-relay anycast address", "RFC 6751", reachFalse},
	{netip.MustParsePrefix("192.168.0.0/16"), "Private-Use", "RFC 1918", reachFalse},
	{netip.MustParsePrefix("192.175.48.0/24"), "Direct Delegation AS112 Service", "RFC 7534", reachTrue},
	{netip.MustParsePrefix("198.18.0.0/15"), "Benchmarking", "RFC 2544", reachFalse},
	{netip.MustParsePrefix("198.51.100.0/24"), "Documentation (TEST-NET-2)", "RFC 5737", reachFalse},
	{netip.MustParsePrefix("203.0.113.0/24"), "Documentation (TEST-NET-3)", "RFC 5737", reachFalse},
	{netip.MustParsePrefix("240.0.0.0/4"), "Reserved", "RFC 1112, Section 4", reachFalse},
	{netip.MustParsePrefix("255.255.255.255/32"), "Limited Broadcast", "RFC 8190, RFC 919 Section 7", reachFalse},

	// IPv6
	{netip.MustParsePrefix("::1/128"), "Loopback Address", "RFC 4291", reachFalse},
	{netip.MustParsePrefix("::/128"), "Unspecified Address", "RFC 4291", reachFalse},
	{netip.MustParsePrefix("::ffff:0:0/96"), "IPv4-mapped Address", "RFC 4291", reachFalse},
	{netip.MustParsePrefix("64:ff9b::/96"), "IPv4-IPv6 Translat.", "RFC 6052", reachTrue},
	{netip.MustParsePrefix("64:ff9b:1::/48"), "IPv4-IPv6 Translat.", "RFC 8215", reachFalse},
	{netip.MustParsePrefix("100::/64"), "Discard-Only Address Block", "RFC 6666", reachFalse},
	{netip.MustParsePrefix("100:0:0:1::/64"), "Dummy IPv6 Prefix", "RFC 9780", reachFalse},
	{netip.MustParsePrefix("2001::/23"), "IETF Protocol Assignments", "RFC 2928", reachFalse},
	{netip.MustParsePrefix("2001::/32"), "TEREDO", "RFC 4380, RFC 8190", reachNA},
	{netip.MustParsePrefix("2001:1::1/128"), "Port Control Protocol Anycast", "RFC 7723", reachTrue},
	{netip.MustParsePrefix("2001:1::2/128"), "Traversal Using Relays around NAT Anycast", "RFC 8155", reachTrue},
	{netip.MustParsePrefix("2001:1::3/128"), "DNS-SD Service Registration Protocol Anycast", "RFC 9665", reachTrue},
	{netip.MustParsePrefix("2001:2::/48"), "Benchmarking", "RFC 5180, RFC Errata 1752", reachFalse},
	{netip.MustParsePrefix("2001:3::/32"), "AMT", "RFC 7450", reachTrue},
	{netip.MustParsePrefix("2001:4:112::/48"), "AS112-v6", "RFC 7535", reachTrue},
	{netip.MustParsePrefix("2001:10::/28"), "Deprecated (previously ORCHID)", "RFC 4843", reachNA},
	{netip.MustParsePrefix("2001:20::/28"), "ORCHIDv2", "RFC 7343", reachTrue},
	{netip.MustParsePrefix("2001:30::/28"), "Drone Remote ID Protocol Entity Tags (DETs) Prefix", "RFC 9374", reachTrue},
	{netip.MustParsePrefix("2001:db8::/32"), "Documentation", "RFC 3849", reachFalse},
	{netip.MustParsePrefix("2002::/16"), "6to4", "RFC 3056", reachNA},
	{netip.MustParsePrefix("2620:4f:8000::/48"), "Direct Delegation AS112 Service", "RFC 7534", reachTrue},
	{netip.MustParsePrefix("3fff::/20"), "Documentation", "RFC 9637", reachFalse},
	{netip.MustParsePrefix("5f00::/16"), "Segment Routing (SRv6) SIDs", "RFC 9602", reachFalse},
	{netip.MustParsePrefix("fc00::/7"), "Unique-Local", "RFC 4193, RFC 8190", reachFalse},
	{netip.MustParsePrefix("fe80::/10"), "Link-Local Unicast", "RFC 4291", reachFalse},
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
