// Package urlnet holds what the URL Standard's package leaves to the
// network: a dial guard that refuses connections to addresses that are not
// globally reachable, an [net/http.Client] built on it, the request for a
// parsed URL, and the URL an incoming server request asked for. It imports
// net and net/http, which a program that only parses URLs does not link:
// the root package [github.com/weburl/url] imports neither, as net/url
// does not import net/http.
//
//	client := (*urlnet.DialGuard)(nil).Client()  // dials only public addresses
//	dialer := &net.Dialer{Control: urlnet.DialControl}
//	u, err := urlnet.RequestURL(r)               // in a handler
//
// # Fetching URLs that users supply
//
// A webhook, an avatar or a link preview makes a server fetch a URL it did
// not choose (server-side request forgery). The recipe, which the package
// example runs:
//
//  1. Parse once, with [github.com/weburl/url.Parse]; refuse on error.
//  2. Allow-list the scheme: [github.com/weburl/url.URL.Protocol] is
//     "https:" or "http:".
//  3. Decide on the address when the host is one: refuse when
//     [github.com/weburl/url.URL.Addr] is valid and not
//     [github.com/weburl/url.GloballyReachable].
//  4. Fetch with [DialGuard.Client]: its dialer refuses what names resolve
//     to and where redirects lead, which no URL check can see.
//  5. Send what you checked: [NewRequest] builds the request from the
//     parsed URL itself, never from the original input.
package urlnet
