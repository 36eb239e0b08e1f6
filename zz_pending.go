package url

import "golang.org/x/text/encoding"

// Pending the urlencoded branch: replaced on merge.
type SearchParams struct{}

func appendPercentEncodeAfterEncoding(dst []byte, enc encoding.Encoding, s string, set EncodeSet, spaceAsPlus bool) []byte {
	return appendPercentEncoded(dst, s, set)
}

func (sp *SearchParams) reset(query string) {}
