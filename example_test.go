package url_test

import (
	"errors"
	"fmt"

	url "github.com/weburl/url"
)

// A webhook service lets its users register a URL it will call. The URL
// comes from anyone, so the service parses it as a browser would, then
// decides: only https, no credentials in the URL, no address of its own
// networks, and it stores the normalized href, not what was typed. (A
// domain that resolves to an internal address is refused later, when the
// service dials it through a guarded dialer: see package
// github.com/weburl/url/urlnet.)
func Example() {
	for _, input := range []string{
		"  HTTPS://Hooks.Example.COM:443/./in/../incoming?id=7#x ",
		"http://hooks.example.com/incoming",
		"https://admin:hunter2@hooks.example.com/",
		"https://0x7f.1/admin",
		"https://[::ffff:169.254.169.254]/latest/meta-data",
		"https://hooks.example.com:99999/",
		"/incoming",
	} {
		u, err := url.Parse(input)
		var verr *url.ValidationError
		switch {
		case errors.As(err, &verr):
			fmt.Println("refused, not a URL:", verr.Kind)
		case err != nil:
			fmt.Println("refused:", errors.Unwrap(err))
		case u.Protocol() != "https:":
			fmt.Println("refused, not https:", u.Protocol())
		case u.Username() != "" || u.Password() != "":
			fmt.Println("refused, credentials:", u.Redacted())
		case u.Addr().IsValid() && !url.GloballyReachable(u.Addr()):
			fmt.Println("refused, internal address:", u.Addr())
		default:
			fmt.Println("stored:", u.HrefWithoutFragment())
		}
	}
	// Output:
	// stored: https://hooks.example.com/incoming?id=7
	// refused, not https: http:
	// refused, credentials: https://admin:xxxxx@hooks.example.com/
	// refused, internal address: 127.0.0.1
	// refused, internal address: ::ffff:169.254.169.254
	// refused, not a URL: port-out-of-range
	// refused, not a URL: missing-scheme-non-relative-URL
}
