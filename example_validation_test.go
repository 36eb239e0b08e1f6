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
func ExampleValidate_limit() {
	_, errs, err := url.Validate("https://example.com/" + strings.Repeat("|", 1000))
	fmt.Println(len(errs) == url.MaxValidationErrors, err)
	// Output:
	// true <nil>
}

// An error message quotes a long input only around the failure, with the
// input's length; the *Error keeps the whole input.
func ExampleError_longInput() {
	input := "https://example.com:8o8o/" + strings.Repeat("a", 1<<20)
	_, err := url.Parse(input)
	fmt.Println(err)
	var e *url.Error
	fmt.Println(errors.As(err, &e), len(e.Input) == len(input), len(err.Error()) < 4*url.ErrorContext)
	// Output:
	// url: parse "https://example.com:8o8o/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"... (input of 1048601 bytes): port-invalid (port is not a number) at offset 21
	// true true true
}

// A ValidationError says which rule an input breaks and where: a linter
// for links in documentation points at the offending byte.
func ExampleValidationError() {
	link := "https://example.com/docs\\api guide"
	_, errs, _ := url.Validate(link)
	for _, e := range errs {
		fmt.Printf("%s\n%s^ %s\n", link, strings.Repeat(" ", e.Offset), e.Kind)
	}
	// Output:
	// https://example.com/docs\api guide
	//                         ^ invalid-reverse-solidus
	// https://example.com/docs\api guide
	//                             ^ invalid-URL-unit
}

// Error names the kind and the offset; a ValidationError is also the
// cause of a failed Parse's *Error.
func ExampleValidationError_Error() {
	e := url.ValidationError{Kind: url.InvalidCredentials, Offset: 8}
	fmt.Println(strings.Contains(e.Error(), "invalid-credentials"))
	// Output:
	// true
}

// Is makes errors.Is match a ValidationError with its ErrorKind.
func ExampleValidationError_Is() {
	_, err := url.Parse("http://999.0.0.1/")
	var v *url.ValidationError
	if errors.As(err, &v) {
		fmt.Println(v.Is(url.IPv4OutOfRangePart), v.Fatal)
	}
	fmt.Println(errors.Is(err, url.IPv4OutOfRangePart))
	// Output:
	// true true
	// true
}

// Add is the OnValidationError callback a Parser calls; called by hand
// it keeps the first Max errors and counts the rest.
func ExampleValidationLog_Add() {
	log := url.ValidationLog{Max: 2}
	for i := range 5 {
		log.Add(url.ValidationError{Kind: url.InvalidURLUnit, Offset: i})
	}
	log.Add(url.ValidationError{Kind: url.HostMissing, Offset: 9, Fatal: true})
	fmt.Println(log.Errors, log.Total)
	// Output:
	// [{invalid-URL-unit 0 false} {host-missing 9 true}] 6
}
