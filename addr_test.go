package url

import (
	"net/netip"
	"testing"
)

func TestAddr(t *testing.T) {
	tests := []struct {
		input string
		want  string // "" for the zero Addr
	}{
		{"http://127.0.0.1/", "127.0.0.1"},
		{"http://127.1/", "127.0.0.1"},           // two-part IPv4
		{"http://0x7f.1/", "127.0.0.1"},          // hex part
		{"http://2130706433/", "127.0.0.1"},      // one number
		{"http://0177.0.0.1/", "127.0.0.1"},      // octal part
		{"http://０x７f.1/", "127.0.0.1"},          // fullwidth, NFKC-mapped
		{"http://%31%32%37.0.0.1/", "127.0.0.1"}, // percent-encoded digits
		{"http://0/", "0.0.0.0"},
		{"http://[::1]:8080/", "::1"},
		{"http://[::ffff:127.0.0.1]/", "::ffff:127.0.0.1"}, // stays IPv6
		{"http://[2001:DB8::1]/", "2001:db8::1"},
		{"http://example.com/", ""},
		{"http://localhost/", ""},
		{"http://127.0.0.1.nip.io/", ""}, // a domain, whatever it resolves to
		{"file:///etc/passwd", ""},       // empty host
		{"sc://127.0.0.1/", ""},          // opaque host: not parsed as IPv4
		{"sc://[::1]/", "::1"},           // IPv6 in a non-special URL is still IPv6
		{"mailto:a@127.0.0.1", ""},       // no host
		{"https://user:pw@10.0.0.1:8443/x?y#z", "10.0.0.1"},
	}
	for _, tc := range tests {
		t.Run(tc.input, func(t *testing.T) {
			u, err := Parse(tc.input)
			if err != nil {
				t.Fatal(err)
			}
			got := u.Addr()
			if tc.want == "" {
				if got.IsValid() {
					t.Errorf("Addr() = %v, want the zero Addr", got)
				}
				return
			}
			if want := netip.MustParseAddr(tc.want); got != want {
				t.Errorf("Addr() = %v, want %v", got, want)
			}
		})
	}
	var zero URL
	if a := zero.Addr(); a.IsValid() {
		t.Errorf("zero URL: Addr() = %v", a)
	}
}

func TestGloballyReachable(t *testing.T) {
	tests := []struct {
		addr string
		want bool
		why  string
	}{
		// Public unicast.
		{"8.8.8.8", true, "no registry row"},
		{"1.1.1.1", true, "no registry row"},
		{"2606:4700:4700::1111", true, "global unicast, no row"},
		{"2001:4860:4860::8888", true, "2001:4860::/32 is outside 2001::/23"},
		{"::ffff:8.8.8.8", true, "IPv4-mapped: judged as 8.8.8.8"},
		{"64:ff9b::808:808", true, "NAT64 of 8.8.8.8"},

		// IPv4 registry rows.
		{"0.0.0.0", false, "unspecified"},
		{"0.1.2.3", false, `0.0.0.0/8 "This network"`},
		{"10.0.0.1", false, "10.0.0.0/8 Private-Use"},
		{"10.255.255.255", false, "10.0.0.0/8 Private-Use"},
		{"100.64.0.1", false, "100.64.0.0/10 Shared Address Space"},
		{"100.127.255.255", false, "100.64.0.0/10 Shared Address Space"},
		{"100.128.0.0", true, "just past 100.64.0.0/10"},
		{"127.0.0.1", false, "127.0.0.0/8 Loopback"},
		{"127.255.255.254", false, "127.0.0.0/8 Loopback"},
		{"169.254.169.254", false, "169.254.0.0/16 Link Local (cloud metadata)"},
		{"172.16.0.1", false, "172.16.0.0/12 Private-Use"},
		{"172.31.255.255", false, "172.16.0.0/12 Private-Use"},
		{"172.32.0.0", true, "just past 172.16.0.0/12"},
		{"192.0.0.1", false, "192.0.0.0/29 IPv4 Service Continuity Prefix"},
		{"192.0.0.8", false, "192.0.0.8/32 IPv4 dummy address"},
		{"192.0.0.9", true, "192.0.0.9/32 Port Control Protocol Anycast"},
		{"192.0.0.10", true, "192.0.0.10/32 TURN Anycast"},
		{"192.0.0.11", false, "192.0.0.0/24 IETF Protocol Assignments"},
		{"192.0.0.170", false, "NAT64/DNS64 Discovery"},
		{"192.0.0.171", false, "NAT64/DNS64 Discovery"},
		{"192.0.2.1", false, "192.0.2.0/24 TEST-NET-1"},
		{"192.31.196.1", true, "192.31.196.0/24 AS112-v4"},
		{"192.52.193.1", true, "192.52.193.0/24 AMT"},
		{"192.88.99.1", false, "192.88.99.0/24 Deprecated 6to4 Relay Anycast (blank)"},
		{"192.88.99.2", false, "192.88.99.2/32 6a44-relay anycast address"},
		{"192.168.1.1", false, "192.168.0.0/16 Private-Use"},
		{"192.175.48.1", true, "192.175.48.0/24 Direct Delegation AS112 Service"},
		{"198.18.0.1", false, "198.18.0.0/15 Benchmarking"},
		{"198.19.255.255", false, "198.18.0.0/15 Benchmarking"},
		{"198.51.100.1", false, "198.51.100.0/24 TEST-NET-2"},
		{"203.0.113.1", false, "203.0.113.0/24 TEST-NET-3"},
		{"240.0.0.1", false, "240.0.0.0/4 Reserved"},
		{"255.255.255.254", false, "240.0.0.0/4 Reserved"},
		{"255.255.255.255", false, "Limited Broadcast"},
		{"224.0.0.1", false, "multicast"},
		{"239.255.255.250", false, "multicast"},

		// IPv6 registry rows.
		{"::", false, "unspecified"},
		{"::1", false, "::1/128 Loopback"},
		{"::ffff:127.0.0.1", false, "IPv4-mapped loopback"},
		{"::ffff:10.0.0.1", false, "IPv4-mapped private"},
		{"::ffff:0.0.0.0", false, "IPv4-mapped unspecified"},
		{"::127.0.0.1", false, "IPv4-compatible (deprecated): outside 2000::/3"},
		{"64:ff9b::7f00:1", false, "NAT64 of 127.0.0.1"},
		{"64:ff9b::a9fe:a9fe", false, "NAT64 of 169.254.169.254"},
		{"64:ff9b:1::808:808", false, "64:ff9b:1::/48 local-use translation"},
		{"100::1", false, "100::/64 Discard-Only"},
		{"100:0:0:1::1", false, "100:0:0:1::/64 Dummy IPv6 Prefix"},
		{"2001::1", false, "2001::/32 TEREDO (N/A)"},
		{"2001:0:4136:e378:8000:63bf:3fff:fdd2", false, "Teredo"},
		{"2001:1::1", true, "PCP Anycast"},
		{"2001:1::2", true, "TURN Anycast"},
		{"2001:1::3", true, "DNS-SD SRP Anycast"},
		{"2001:1::4", false, "2001::/23 IETF Protocol Assignments"},
		{"2001:2::1", false, "2001:2::/48 Benchmarking"},
		{"2001:3::1", true, "2001:3::/32 AMT"},
		{"2001:4:112::1", true, "2001:4:112::/48 AS112-v6"},
		{"2001:10::1", false, "2001:10::/28 deprecated ORCHID (blank)"},
		{"2001:20::1", true, "2001:20::/28 ORCHIDv2"},
		{"2001:30::1", true, "2001:30::/28 DETs"},
		{"2001:1ff:ffff::1", false, "2001::/23 IETF Protocol Assignments"},
		{"2001:200::1", true, "just past 2001::/23"},
		{"2001:db8::1", false, "2001:db8::/32 Documentation"},
		{"2002:7f00:1::1", false, "2002::/16 6to4 (N/A)"},
		{"2002:808:808::1", false, "2002::/16 6to4 (N/A)"},
		{"2620:4f:8000::1", true, "2620:4f:8000::/48 Direct Delegation AS112 Service"},
		{"3fff::1", false, "3fff::/20 Documentation"},
		{"3fff:1000::1", true, "just past 3fff::/20"},
		{"5f00::1", false, "5f00::/16 SRv6 SIDs"},
		{"fc00::1", false, "fc00::/7 Unique-Local"},
		{"fd12:3456::1", false, "fc00::/7 Unique-Local"},
		{"fe80::1", false, "fe80::/10 Link-Local Unicast"},
		{"fec0::1", false, "site-local: outside 2000::/3"},
		{"ff02::1", false, "multicast"},
		{"ff0e::1", false, "global-scope multicast"},
		{"4000::1", false, "outside 2000::/3"},
		{"2001:4860::1%eth0", false, "zone"},
	}
	for _, tc := range tests {
		t.Run(tc.addr, func(t *testing.T) {
			if got := GloballyReachable(netip.MustParseAddr(tc.addr)); got != tc.want {
				t.Errorf("GloballyReachable(%s) = %v, want %v (%s)", tc.addr, got, tc.want, tc.why)
			}
		})
	}
	if GloballyReachable(netip.Addr{}) {
		t.Error("GloballyReachable(zero Addr) = true")
	}
}

// TestSpecialPurposeRows checks that each row of the table decides the
// addresses it holds that no more specific row claims: the last address
// of each block (or the second, if a more specific row claims the last),
// unless one of GloballyReachable's own rules takes it.
func TestSpecialPurposeRows(t *testing.T) {
	for i := range specialPurpose {
		r := &specialPurpose[i]
		t.Run(r.block.String(), func(t *testing.T) {
			if r.block != r.block.Masked() {
				t.Fatalf("block %v is not in canonical form", r.block)
			}
			probe := lastAddr(r.block)
			if specialPurposeRow(probe) != r {
				probe = r.block.Addr().Next()
			}
			if got := specialPurposeRow(probe); got != r {
				t.Fatalf("no probe address: %v is decided by %v", probe, got.block)
			}
			if r.block.Contains(netip.MustParseAddr("::ffff:0:0")) || r.block == nat64WellKnown || probe.IsUnspecified() || probe == netip.MustParseAddr("255.255.255.255") {
				return // by GloballyReachable's own rules, tested above
			}
			if got, want := GloballyReachable(probe), r.reachable == reachTrue; got != want {
				t.Errorf("GloballyReachable(%v) = %v, want %v (%s, %s)", probe, got, want, r.name, r.reachable)
			}
		})
	}
}

// lastAddr returns the last address of p.
func lastAddr(p netip.Prefix) netip.Addr {
	a := p.Addr()
	b := a.AsSlice()
	for i := p.Bits(); i < len(b)*8; i++ {
		b[i/8] |= 0x80 >> (i % 8)
	}
	last, _ := netip.AddrFromSlice(b)
	return last
}

func BenchmarkGloballyReachable(b *testing.B) {
	addrs := []netip.Addr{
		netip.MustParseAddr("8.8.8.8"),
		netip.MustParseAddr("10.1.2.3"),
		netip.MustParseAddr("2606:4700:4700::1111"),
		netip.MustParseAddr("::ffff:127.0.0.1"),
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		GloballyReachable(addrs[i%len(addrs)])
	}
}
