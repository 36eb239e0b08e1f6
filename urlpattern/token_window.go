package urlpattern

// The constructor string parser's token list, kept as a window over a
// lenient tokenizer: the parser reads the tokens near its token index
// (one before it, two after it) and, when it rewinds, from its component
// start again. So it keeps a few tokens, not one per code point.

// tokenWindowSize is the number of tokens the window keeps: enough for
// the parser's reach around its token index (it moves at most 3 tokens
// at a time and looks 1 back, 2 ahead).
const tokenWindowSize = 8

// tokenWindow is the token list of a lenient tokenizer, read on demand.
// Token i, for lo <= i < hi, is buf[i%tokenWindowSize]; the token at the
// mark (the parser's component start) and the one before it are kept
// apart, for a rewind.
type tokenWindow struct {
	tz     tokenizer
	buf    [tokenWindowSize]token
	lo, hi int
	count  int   // the number of tokens, once the "end" token is read; -1 before
	end    token // the "end" token, once read
	mark   int   // the component start
	marked token // the token at mark (the "end" token past the end)
	before token // the token at mark-1, when mark > 0
}

// newTokenWindow returns the window over the tokens of input (valid
// UTF-8), marked at token 0.
func newTokenWindow(input string) tokenWindow {
	w := tokenWindow{tz: tokenizer{input: input, policy: policyLenient}, count: -1, mark: -2}
	w.setMark(0)
	return w
}

// exists reports whether there is a token at i (the standard's "i is
// less than the token list's size").
func (w *tokenWindow) exists(i int) bool {
	w.fill(i)
	return w.count < 0 || i < w.count
}

// at returns the token at i, or the "end" token when i is past the list
// (the standard's get a safe token). i is at least mark-1, or any index
// the window holds.
func (w *tokenWindow) at(i int) token {
	switch {
	case i >= w.lo && i < w.hi:
		return w.buf[i%tokenWindowSize]
	case i == w.mark:
		return w.marked
	case i == w.mark-1:
		return w.before
	case i < w.lo:
		// Behind the window: tokenize again from the mark (a rewind),
		// or from the start.
		from, at := 0, 0
		if i > w.mark {
			from, at = w.mark, int(w.marked.index)
		}
		w.tz = tokenizer{input: w.tz.input, policy: policyLenient, index: at}
		w.lo, w.hi = from, from
	}
	w.fill(i)
	if w.count >= 0 && i >= w.count {
		return w.end
	}
	return w.buf[i%tokenWindowSize]
}

// fill reads tokens until the window holds token i or the "end" token.
func (w *tokenWindow) fill(i int) {
	for w.hi <= i && (w.count < 0 || w.hi < w.count) {
		t, _ := w.tz.next() // lenient: no error
		w.buf[w.hi%tokenWindowSize] = t
		w.hi++
		w.lo = max(w.lo, w.hi-tokenWindowSize)
		if t.typ == tokenEnd {
			w.count, w.end = w.hi, t
		}
	}
}

// setMark marks token i (the parser's new component start), which is at
// most a few tokens past the window.
func (w *tokenWindow) setMark(i int) {
	w.marked = w.at(i)
	if i > 0 {
		w.before = w.at(i - 1)
	}
	w.mark = i
}
