package publicsuffix

import _ "embed"

// The list, as golang.org/x/net/publicsuffix's generator (gen.go) encodes
// it: a trie of labels, each node a 40-bit word in nodes pointing at its
// label in text and at a word in children, which gives the range of the
// node's own children (sorted by label), whether "*" is one of them, and
// whether the node is a rule, an exception rule or only a parent. The data
// files are golang.org/x/net v0.62.0's, unchanged; TestData checks that
// they and the layout constants below are those of the golang.org/x/net
// that go.mod requires, and `go test -run TestData -update` copies them
// after a bump. The list's data is under the Mozilla Public License 2.0
// (see NOTICE).

// Version names the list's revision.
const Version = "publicsuffix.org's public_suffix_list.dat, git revision d6c92f1bbb7433e5db7b8405c25d4035fb8ff376 (2026-02-06T07:36:33Z)"

// The layout of a node and of a children word, from the least significant
// bit: a node holds the label's length, its offset in text, the ICANN bit
// and the index of its children word; a children word holds the first and
// the end index of the node's children, the node type and the wildcard
// bit.
const (
	nodesBits           = 40
	nodesBitsChildren   = 10
	nodesBitsICANN      = 1
	nodesBitsTextOffset = 16
	nodesBitsTextLength = 6

	childrenBitsWildcard = 1
	childrenBitsNodeType = 2
	childrenBitsHi       = 14
	childrenBitsLo       = 14
)

// The node types.
const (
	nodeTypeNormal     = 0 // a rule
	nodeTypeException  = 1 // an exception rule, "!label.parent"
	nodeTypeParentOnly = 2 // no rule: a label on the way to rules below it
)

// numTLD is the number of top-level labels: the nodes 0 to numTLD-1.
const numTLD = 1450

// text holds every label, packed.
//
//go:embed data/text
var text string

// nodes holds the trie's nodes, 5 bytes each, big-endian.
//
//go:embed data/nodes
var nodes string

// children holds the children words, 4 bytes each, big-endian.
//
//go:embed data/children
var children string

// node is the index of a node of the trie.
type node uint32

// word returns the node's 40-bit word.
func (n node) word() uint64 {
	b := nodes[n*nodesBits/8:][:5]
	return uint64(b[0])<<32 | uint64(b[1])<<24 | uint64(b[2])<<16 | uint64(b[3])<<8 | uint64(b[4])
}

// label returns the node's label.
func (n node) label() string {
	w := n.word()
	length := w & (1<<nodesBitsTextLength - 1)
	offset := w >> nodesBitsTextLength & (1<<nodesBitsTextOffset - 1)
	return text[offset : offset+length]
}

// children returns the node's children, the nodes lo to hi-1; its type
// (nodeTypeNormal, ...); and whether "*" is among its children.
func (n node) children() (lo, hi, kind uint32, wildcard bool) {
	i := uint32(n.word() >> (nodesBitsTextLength + nodesBitsTextOffset + nodesBitsICANN) & (1<<nodesBitsChildren - 1))
	b := children[i*4:][:4]
	c := uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
	lo = c & (1<<childrenBitsLo - 1)
	c >>= childrenBitsLo
	hi = c & (1<<childrenBitsHi - 1)
	c >>= childrenBitsHi
	kind = c & (1<<childrenBitsNodeType - 1)
	c >>= childrenBitsNodeType
	return lo, hi, kind, c&(1<<childrenBitsWildcard-1) != 0
}
