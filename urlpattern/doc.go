// Package urlpattern implements the URL Pattern Standard
// (https://urlpattern.spec.whatwg.org/), the URLPattern of browsers, Node
// and Deno, on weburl's URL parser and Go's regexp package.
//
// A pattern matches URLs component by component. It is written as one
// URL-like string, or one component at a time:
//
//	p, err := urlpattern.New("https://*.example.com/books/:id(\\d+)")
//	r := p.Exec("https://shop.example.com/books/42")
//	id, _ := r.Pathname.Get("id") // "42"
//
// The syntax is the standard's: fixed text; ":name" groups, which match
// up to the next "/" in the pathname and "." in the hostname; "*", which
// matches anything; "(regexp)" groups with an ECMAScript regular
// expression; "{...}" to group text; and the modifiers "?" (optional),
// "*" (zero or more) and "+" (one or more) after a group.
//
// # Linear time, on RE2
//
// The standard compiles each component to an ECMAScript regular
// expression (flag "v", "vi" with [Options.IgnoreCase]). Here each one is
// translated to Go's regexp, which is RE2: matching takes time linear in
// the length of the URL, whatever the pattern, so a pattern cannot be
// made into a ReDoS the way an ECMAScript regular expression with
// backtracking can ("/((?:a+)+b)" given "/aaaa...c" takes the same time per
// byte as "/x"). Compiling a pattern takes time linear in its length as
// well; a pattern longer than 1 MiB, a component of more than 1000
// groups (":name", "(regexp)", "*", or "{...}" with a modifier), or a
// component whose regexp groups are longer than 16 KiB together, is
// refused with an [Error] that unwraps to [ErrTooLarge].
// What RE2 cannot do (lookahead, lookbehind, backreferences) is refused
// when the pattern is compiled, with an [Error] that unwraps to
// [ErrRegExp] and to a [*RegExpError] naming the construct; so is syntax
// that ECMAScript refuses even where RE2 would accept it, so that a
// pattern that throws in a browser fails here too. Components made only
// of fixed text, ":name" groups and one "*" are matched by a plain scan,
// and their regular expression is compiled only if an input needs it.
//
// # Matching
//
// [Pattern.Test] and [Pattern.Exec] take a URL string and an optional
// base URL; [Pattern.TestURL] and [Pattern.ExecURL] a URL already parsed
// with weburl (it is not parsed again); [Pattern.TestInit] and
// [Pattern.ExecInit] the components one at a time. A [Result] gives each
// component's value and groups; a group can be unmatched (JavaScript's
// undefined), which [Group] tells apart from a group that matched "".
// A [List] matches a URL against many patterns at once.
//
// Conformance: every case of web-platform-tests'
// urlpatterntestdata.json passes (see the module's README for the
// command).
package urlpattern
