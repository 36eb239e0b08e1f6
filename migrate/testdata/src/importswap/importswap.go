// Rule 1: the import swap, where nothing else changes.
package importswap

import (
	"fmt"
	"net/url" // want `port this file from net/url`
)

// Link parses s and prints it: Parse, String, Port and Values keep their
// names.
func Link(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	q := url.Values{}
	q.Set("a", "b")
	return fmt.Sprint(u.String(), " ", u.Port(), " ", q.Encode(), " ", url.QueryEscape("a b")), nil
}
