package url_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/weburl/url"
)

// A server bounds what one request's URL may cost with MaxLength: a
// longer input, or one whose href would grow past it, fails with
// ErrTooLong before the parser allocates for it.
func ExampleParser_maxLength() {
	pr := url.Parser{MaxLength: 2048}
	_, err := pr.Parse("https://example.com/?q=" + strings.Repeat("a", 4096))
	fmt.Println(errors.Is(err, url.ErrTooLong))

	// 300 bytes of input, but every invalid byte becomes %EF%BF%BD.
	_, err = pr.Parse("https://example.com/" + strings.Repeat("\xff", 280))
	fmt.Println(errors.Is(err, url.ErrTooLong))

	u, err := pr.Parse("https://example.com/a b")
	fmt.Println(u, err)
	// Output:
	// true
	// true
	// https://example.com/a%20b <nil>
}
