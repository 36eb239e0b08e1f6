// Package charset maps the Encoding Standard's labels ("utf-8", "latin1",
// "Shift_JIS", "x-gbk", ...) to golang.org/x/text's encodings, for the
// encoding a page or a form declares (a Content-Type charset, an HTML meta
// tag, a form's accept-charset), which the URL package then encodes
// queries and forms in: [github.com/weburl/url.Parser]'s Encoding,
// [github.com/weburl/url.SerializeFormEncoding],
// [github.com/weburl/url.PercentEncodeAfterEncoding].
//
// It is a package of its own because a label can name any encoding: a
// program that imports it links every encoder's tables, the CJK ones
// (about 0.8 MB) included, while a program that only parses URLs, or that
// names the one encoding it needs (golang.org/x/text/encoding/japanese's
// ShiftJIS), links none or that one.
package charset

import (
	"errors"

	"golang.org/x/text/encoding"

	"github.com/weburl/url"
	"github.com/weburl/url/internal/labels"
)

// ErrUnknownLabel is the cause of the error [Lookup] returns when a label
// is not one of the Encoding Standard's. Test for it with [errors.Is].
var ErrUnknownLabel = errors.New("unknown encoding label")

// Lookup returns the encoding for a label of the Encoding Standard,
// following its "get an encoding" algorithm: leading and trailing ASCII
// whitespace is removed and the label is matched ASCII case-insensitively
// against the Standard's table of labels.
// https://encoding.spec.whatwg.org/#concept-encoding-get
//
// The encodings are golang.org/x/text/encoding's, the values
// golang.org/x/text/encoding/htmlindex gives. When one is passed to the URL
// package, it applies the Encoding Standard's encoder rules on top of it
// (see [github.com/weburl/url.SerializeFormEncoding]). The error is a
// *[github.com/weburl/url.Error], with Op "look up encoding", that wraps
// [ErrUnknownLabel]:
//
//	url: look up encoding "klingon": unknown encoding label
func Lookup(label string) (encoding.Encoding, error) {
	enc, ok := labels.Lookup(label)
	if !ok {
		return nil, &url.Error{Op: "look up encoding", Input: label, Err: ErrUnknownLabel}
	}
	return enc, nil
}
