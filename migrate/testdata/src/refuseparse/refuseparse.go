// Rule 7: a relative reference parsed alone fails under weburl.
package refuseparse

import "net/url"

// rel parses a relative reference with no base.
func rel() (*url.URL, error) {
	return url.Parse("/path?q") // want `net/url accepts this relative reference and weburl refuses it`
}
