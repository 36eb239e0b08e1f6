//go:build !weburl_invariants

package url

// invariantChecks reports whether this build checks the invariants of
// every URL after every parse and every change; see invariants_on.go
// (the weburl_invariants build tag).
const invariantChecks = false

// assertInvariants does nothing: without the weburl_invariants build
// tag the invariants are checked by the tests only, and the call costs
// nothing (it is inlined away).
func (u *URL) assertInvariants(op string) {}
