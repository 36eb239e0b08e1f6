// Rule 6: a former field used where any value is accepted.
package methodvalue

import (
	"fmt"
	"net/url" // want `port this file from net/url`
)

// key would print method values after a bare import swap.
func key(u *url.URL) string {
	var scheme any = u.Scheme
	return fmt.Sprintf("%s_%s_%v", u.Path, u.RawQuery, scheme)
}
