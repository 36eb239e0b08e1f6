// Package errfmt writes the messages of the module's errors in one form,
// "url: OP "INPUT": CAUSE", with a long input quoted only around the
// failure, so that a message stays a few hundred bytes long whatever the
// input. The root package's Error and ValidationError, and the errors of
// the packages beside it (charset, ecmascript, urlnet), write theirs with
// it.
package errfmt

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Context is how many bytes of its input a message quotes on each side
// of the failure when the input is too long to quote whole (the root
// package's ErrorContext).
const Context = 64

// WriteOpInput writes the start of every error message of the module:
// "url: ", op, the quoted excerpt of input around offset at, and ": ".
func WriteOpInput(b *strings.Builder, op, input string, at int) {
	b.WriteString("url: ")
	b.WriteString(op)
	b.WriteByte(' ')
	writeQuotedExcerpt(b, input, at)
	b.WriteString(": ")
}

// WriteCause writes the cause part of an error message: name, " (gloss)"
// unless gloss is empty, and " at offset N" unless offset is negative.
func WriteCause(b *strings.Builder, name, gloss string, offset int) {
	b.WriteString(name)
	if gloss != "" {
		b.WriteString(" (")
		b.WriteString(gloss)
		b.WriteByte(')')
	}
	if offset >= 0 {
		b.WriteString(" at offset ")
		b.WriteString(strconv.Itoa(offset))
	}
}

// writeQuotedExcerpt writes s quoted, as strconv.Quote does, when it is
// at most 2*Context bytes long; otherwise the excerpt around at, quoted,
// with "..." marking each cut, and the length of s.
func writeQuotedExcerpt(b *strings.Builder, s string, at int) {
	if len(s) <= 2*Context {
		b.WriteString(strconv.Quote(s))
		return
	}
	lo, hi := excerpt(s, at, Context)
	if lo > 0 {
		b.WriteString("...")
	}
	b.WriteString(strconv.Quote(s[lo:hi]))
	if hi < len(s) {
		b.WriteString("...")
	}
	b.WriteString(" (input of ")
	b.WriteString(strconv.Itoa(len(s)))
	b.WriteString(" bytes)")
}

// excerpt returns the bounds of the part of s that an error message
// quotes: about n bytes on each side of at (more on one side when the
// other reaches an end of s), moved inwards to code point boundaries
// so that no UTF-8 sequence is cut.
func excerpt(s string, at, n int) (lo, hi int) {
	lo, hi = at-n, at+n
	if lo < 0 {
		lo, hi = 0, min(2*n, len(s))
	}
	if hi > len(s) {
		lo, hi = max(len(s)-2*n, 0), len(s)
	}
	// A UTF-8 sequence is at most 4 bytes: at most 3 continuation bytes
	// to step over at each end.
	for k := 0; k < utf8.UTFMax-1 && lo > 0 && lo < hi && !utf8.RuneStart(s[lo]); k++ {
		lo++
	}
	for k := 0; k < utf8.UTFMax-1 && hi < len(s) && hi > lo && !utf8.RuneStart(s[hi]); k++ {
		hi--
	}
	return lo, hi
}

// CheckBounded is for tests: it returns an error unless msg, the message
// of an error on input, is at most 700 bytes long, shows context (a part
// of input around the failure, as quoted) and gives the length of input,
// as a message about a long input written with WriteOpInput does.
func CheckBounded(msg, input, context string) error {
	var problems []string
	if len(msg) > 700 {
		problems = append(problems, fmt.Sprintf("it is %d bytes", len(msg)))
	}
	if !strings.Contains(msg, context) {
		problems = append(problems, fmt.Sprintf("it does not show %q", context))
	}
	if want := "(input of " + strconv.Itoa(len(input)) + " bytes)"; !strings.Contains(msg, want) {
		problems = append(problems, fmt.Sprintf("it does not give the length: %q", want))
	}
	if problems != nil {
		return fmt.Errorf("Error() = %.300q: %s", msg, strings.Join(problems, "; "))
	}
	return nil
}

// QuoteHead quotes s as [strconv.Quote] does, cut to its first n bytes
// (back to the start of a UTF-8 sequence) with "..." after the quote when
// s is longer: for a message that names a long pattern or source by its
// beginning.
func QuoteHead(s string, n int) string {
	if len(s) <= n {
		return strconv.Quote(s)
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return strconv.Quote(s[:cut]) + "..."
}
