// Rule 7: interface values that may hold a *net/url.URL.
package refuseany

import (
	"encoding/json"
	"fmt"
	"net/url"
)

func show(x any) string {
	if u, ok := x.(*url.URL); ok { // want `a type assertion to \*url.URL`
		return u.Host
	}
	switch x.(type) {
	case *url.URL: // want `a type switch case \*url.URL`
		return "url"
	}
	return fmt.Sprint(x)
}

// encode's u is a parameter: a parse's value would stay net/url's
// instead (keepvalue).
func encode(u *url.URL) ([]byte, error) {
	fmt.Println(u)         // printing is fine: String is the href in both packages
	return json.Marshal(u) // want `u is passed as an interface value to json.Marshal`
}
