package url_test

import (
	"errors"
	"fmt"
	"strings"

	url "github.com/weburl/url"
)

// An *Error records what failed, on which input, and why. A server that
// rejects a submitted link answers with the spec's name of the problem.
func ExampleError() {
	_, err := url.Parse("https://example.com:8o8o/")
	var e *url.Error
	if errors.As(err, &e) {
		var v *url.ValidationError
		errors.As(e.Err, &v)
		fmt.Printf("op %q, input %q, kind %s, offset %d\n", e.Op, e.Input, v.Kind, v.Offset)
	}

	// Setters return an *Error too, with the setter's name.
	u := url.MustParse("https://example.com/")
	err = u.SetPort("http")
	if errors.As(err, &e) {
		fmt.Printf("op %q, input %q, %v\n", e.Op, e.Input, errors.Is(err, url.PortInvalid))
	}
	// Output:
	// op "parse", input "https://example.com:8o8o/", kind port-invalid, offset 21
	// op "set port", input "http", true
}

// The message names the operation, the input and the spec's name of the
// failure, and stays short however long the input is.
func ExampleError_Error() {
	_, err := url.Parse("https://[::1/" + strings.Repeat("x", 1<<20))
	msg := err.Error()
	fmt.Println(strings.Contains(msg, url.IPv6Unclosed.String()), len(msg) < 400)
	// Output:
	// true true
}

// Unwrap gives the cause: a *ValidationError or a sentinel error.
func ExampleError_Unwrap() {
	_, err := url.Parse("x", "https://example.com/", "https://example.org/")
	fmt.Println(errors.Unwrap(err) == url.ErrTooManyBases)
	_, err = url.Parse("http://")
	var v *url.ValidationError
	fmt.Println(errors.As(errors.Unwrap(err), &v), v.Kind)
	// Output:
	// true
	// true host-missing
}

// An ErrorKind is one of the URL Standard's validation errors. A link
// checker counts the problems of the links it reads by kind.
func ExampleErrorKind() {
	counts := map[url.ErrorKind]int{}
	for _, link := range []string{"http://example.com\\a", "https://user:pw@example.com/", "http://1.2.3.4./", "https://example.com/a b"} {
		_, errs, _ := url.Validate(link)
		for _, e := range errs {
			counts[e.Kind]++
		}
	}
	for _, k := range url.ErrorKinds() {
		if counts[k] > 0 {
			fmt.Println(k, counts[k])
		}
	}
	// Output:
	// domain-to-ASCII 1
	// IPv4-empty-part 1
	// invalid-URL-unit 1
	// invalid-reverse-solidus 1
	// invalid-credentials 1
}

// An ErrorKind is itself an error value, so errors.Is matches any
// validation error of that kind.
func ExampleErrorKind_Error() {
	_, err := url.Parse("https://example.com:99999/")
	fmt.Println(errors.Is(err, url.PortOutOfRange), errors.Is(err, url.PortInvalid))
	// Output:
	// true false
}

// String returns the spec's name, which the URL Standard's table and
// other implementations use.
func ExampleErrorKind_String() {
	fmt.Println(url.IPv4EmptyPart, url.InvalidReverseSolidus, url.SpecialSchemeMissingFollowingSolidus)
	// Output:
	// IPv4-empty-part invalid-reverse-solidus special-scheme-missing-following-solidus
}

// ErrorKinds lists every kind, in the spec's order: here the first
// three.
func ExampleErrorKinds() {
	kinds := url.ErrorKinds()
	fmt.Println(kinds[:3])
	// Output:
	// [domain-to-ASCII domain-percent-encoded host-invalid-code-point]
}

// Description says in a sentence what the validation error means, after
// the URL Standard's table: a linter shows it beside the name.
func ExampleErrorKind_Description() {
	_, errs, _ := url.Validate("https://[::01]/")
	for _, e := range errs {
		fmt.Printf("%s: %s\n", e.Kind, e.Kind.Description())
	}
	// Output:
	// IPv6-piece-leading-zero: An IPv6 address piece has a leading 0.
}

// An *Error is a net.Error, as *net/url.Error is: code that asks
// whether a failure was a timeout keeps working. A parse failure is
// neither a timeout nor temporary.
func ExampleError_Timeout() {
	_, err := url.Parse("http://[::1/")
	var ne interface {
		error
		Timeout() bool
		Temporary() bool
	} // net.Error
	if errors.As(err, &ne) {
		fmt.Println(ne.Timeout(), ne.Temporary())
	}
	// Output:
	// false false
}

// Temporary delegates to the cause, as Timeout does.
func ExampleError_Temporary() {
	err := &url.Error{Op: "fetch", Input: "https://example.com/", Err: errors.New("connection refused")}
	fmt.Println(err.Temporary())
	// Output:
	// false
}
