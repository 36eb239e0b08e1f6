package links

import "strconv"

// DefaultMaxValueBytes is the longest value the extractor reads whole
// when [LinkExtractor.MaxValueBytes] is zero: 2 MiB, the value of
// Chromium's kMaxURLChars, its longest URL.
const DefaultMaxValueBytes = 2 << 20

// A ValueTooLongError is the [Link.Err] of a link whose text is longer
// than [LinkExtractor.MaxValueBytes]: the extractor did not keep the
// text ([Link.Raw] is empty and [Link.URL] nil), so that the memory of
// an extraction stays within a few bytes per input byte whatever one
// value holds.
type ValueTooLongError struct {
	Limit int // the limit, in bytes
}

func (e *ValueTooLongError) Error() string {
	if e == nil {
		return "<nil>"
	}
	return "links: value longer than " + strconv.Itoa(e.Limit) + " bytes"
}

// tooLongRaw is the raw of a found link whose text was longer than the
// limit: a NUL, which no raw the tokenizer hands over holds (HTML and
// CSS make every NUL U+FFFD), so that the mark goes through the pending
// log and the candidate logs as a one-byte raw.
const tooLongRaw = "\x00"

// maxValue returns the longest value read whole, in bytes: the
// extractor's MaxValueBytes, DefaultMaxValueBytes when it is zero, and
// no limit when it is negative.
func (x LinkExtractor) maxValue() int {
	switch {
	case x.MaxValueBytes == 0:
		return DefaultMaxValueBytes
	case x.MaxValueBytes < 0:
		return int(^uint(0) >> 1)
	}
	return x.MaxValueBytes
}
