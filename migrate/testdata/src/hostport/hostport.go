// Rule 4: net/url's Hostname and Port of a bare host:port.
package hostport

import (
	"net/url" // want `port this file from net/url`
)

// split uses net/url's Hostname and Port of a bare host:port.
func split(hostport string) (string, string) {
	return (&url.URL{Host: hostport}).Hostname(), (&url.URL{Host: hostport}).Port()
}
