// A file that an earlier run ported, where values stayed net/url's (it
// imports net/url as neturl, as the tool writes it): a second run changes
// nothing in it, but lists what is still on net/url, so that its status
// says so (exit 3) as the first run's did.
package earlierrun

import (
	"net/http"
	neturl "net/url" // want `kept: an earlier run ported this file and left 2 uses of net/url in it \(neturl\.\)`
)

// proxy is a Transport's proxy, which net/http takes as net/url's type.
func proxy(raw string) (*http.Transport, error) {
	u, err := neturl.Parse(raw)
	if err != nil {
		return nil, err
	}
	return &http.Transport{Proxy: http.ProxyURL(u)}, nil
}

// Get fetches the page at raw, a net/url value.
func get(u *neturl.URL) (*http.Response, error) {
	return http.DefaultClient.Get(u.String())
}
