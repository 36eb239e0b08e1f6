//go:build weburl_invariants

package url

import "strconv"

// invariantChecks reports whether this build checks the invariants of
// every URL after every parse and every change (the weburl_invariants
// build tag): tests that measure time or allocations skip themselves.
const invariantChecks = true

// assertInvariants panics, naming op and the href, when u breaks an
// invariant that checkInvariants checks. With the weburl_invariants
// build tag, the parser calls it after every parse and every change to
// a URL (its setters, and its SearchParams' changes): run the tests with
//
//	go test -tags weburl_invariants ./...
//
// and any broken invariant fails the test that broke it.
func (u *URL) assertInvariants(op string) {
	if err := u.checkInvariants(); err != nil {
		panic("url: invariant broken after " + op + ", href " + strconv.Quote(u.Href()) + ": " + err.Error())
	}
}
