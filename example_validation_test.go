package url_test

import (
	"errors"
	"fmt"
	"strings"

	url "github.com/weburl/url"
)

// A crawler that wants the first few validation errors of each link and
// how many more there were gives its Parser a ValidationLog: memory stays
// bounded however many errors a hostile link holds.
func ExampleValidationLog() {
	log := url.ValidationLog{Max: 3}
	p := url.Parser{OnValidationError: log.Add}
	u, err := p.Parse("https://example.com/" + strings.Repeat("%", 1000))
	fmt.Println(len(u.Href()), err)
	for _, e := range log.Errors {
		fmt.Println(e.Kind, e.Offset)
	}
	fmt.Println("and", log.Total-len(log.Errors), "more")

	// Reused for a link that fails: the fatal error is always kept, last.
	log = url.ValidationLog{Max: 3}
	_, err = p.Parse(" \thttps:\\\\user@example.com:99999/")
	fmt.Println(err)
	for _, e := range log.Errors {
		fmt.Println(e.Kind, e.Offset, e.Fatal)
	}
	fmt.Println("and", log.Total-len(log.Errors), "more")
	// Output:
	// 1020 <nil>
	// invalid-URL-unit 20
	// invalid-URL-unit 21
	// invalid-URL-unit 22
	// and 997 more
	// url: parse " \thttps:\\\\user@example.com:99999/": port-out-of-range (port is greater than 65535) at offset 27
	// invalid-URL-unit 0 false
	// special-scheme-missing-following-solidus 8 false
	// port-out-of-range 27 true
	// and 3 more
}

// Validate returns at most MaxValidationErrors errors.
func ExampleMaxValidationErrors() {
	_, errs, err := url.Validate("https://example.com/" + strings.Repeat("|", 1000))
	fmt.Println(len(errs) == url.MaxValidationErrors, err)
	// Output:
	// true <nil>
}

// An error message quotes a long input only around the failure, with the
// input's length; the *Error keeps the whole input.
func ExampleErrorContext() {
	input := "https://example.com:8o8o/" + strings.Repeat("a", 1<<20)
	_, err := url.Parse(input)
	fmt.Println(err)
	var e *url.Error
	fmt.Println(errors.As(err, &e), len(e.Input) == len(input), len(err.Error()) < 4*url.ErrorContext)
	// Output:
	// url: parse "https://example.com:8o8o/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"... (input of 1048601 bytes): port-invalid (port is not a number) at offset 21
	// true true true
}
