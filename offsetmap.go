package url

import (
	"encoding/binary"
	"sort"
)

// offsetMap maps an offset in the preprocessed input (the parser's
// p.input) back to the caller's input, so that a validation error can
// name the byte the caller gave. Preprocessing removes tabs and
// newlines and turns each byte that is not valid UTF-8 into the three
// bytes of U+FFFD; after each such edit the parser adds a mark
// (proc, orig): from offset proc of the preprocessed input on, up to
// the next mark, offset i came from offset orig + (i - proc) of the
// caller's input. Before the first mark, i came from lead + i, lead
// being what was stripped from the front.
//
// Marks arrive in order: proc never decreases and orig increases. A
// hostile input can ask for one mark per input byte (a megabyte of tabs
// or of 0xFF), so the marks are delta-encoded: a mark within 15 bytes
// of output and 8 bytes of input of the one before, as in any run of
// edits, takes one byte; any other takes one byte plus two varints,
// which only happens when the marks are at least 8 input bytes apart.
// The map thus holds about one byte per input byte at worst, plus a
// checkpoint of 24 bytes every offsetMapStride marks (0.2 byte per
// mark), where a slice of (int, int) pairs held 16; its slices grow by
// doubling, so it allocates at most about 2.4 bytes per input byte in
// all.
//
// lookup finds the last checkpoint at or before the offset by binary
// search and decodes at most offsetMapStride marks from there: a
// validation error costs O(log n + offsetMapStride).
//
// The zero offsetMap is empty and allocates nothing until a mark is
// added.
type offsetMap struct {
	enc         []byte             // the marks, delta-encoded (see offsetMapOneByte)
	marks       int                // how many marks enc holds
	proc, orig  int                // the last mark, for the next delta
	checkpoints []offsetCheckpoint // the state after every offsetMapStride-th mark
}

// offsetCheckpoint is the last mark decoded before enc[at].
type offsetCheckpoint struct {
	at         int
	proc, orig int
}

// offsetMapStride is how many marks lie between two checkpoints: the
// most a lookup decodes.
const offsetMapStride = 128

// offsetMapEscape introduces a mark stored as two signed varints (the
// output and input deltas). Any other byte b holds a whole mark: the
// output delta is b&0x0F and the input delta is b>>4 + 1.
const offsetMapEscape = 0x80

// add records that from offset proc of the preprocessed input on, the
// caller's input resumes at offset orig.
func (m *offsetMap) add(proc, orig int) {
	// The first delta is from (0, 0), not from lead: lookup starts from
	// (0, lead) only when no mark precedes the offset.
	dp, do := proc-m.proc, orig-m.orig
	if 0 <= dp && dp <= 0x0F && 1 <= do && do <= 8 {
		if len(m.enc) == cap(m.enc) {
			m.enc = grow(m.enc, 1)
		}
		m.enc = append(m.enc, byte(do-1)<<4|byte(dp))
	} else {
		if len(m.enc)+1+2*binary.MaxVarintLen64 > cap(m.enc) {
			m.enc = grow(m.enc, 1+2*binary.MaxVarintLen64)
		}
		m.enc = append(m.enc, offsetMapEscape)
		m.enc = binary.AppendVarint(m.enc, int64(dp))
		m.enc = binary.AppendVarint(m.enc, int64(do))
	}
	m.proc, m.orig = proc, orig
	m.marks++
	if m.marks%offsetMapStride == 0 {
		if len(m.checkpoints) == cap(m.checkpoints) {
			m.checkpoints = grow(m.checkpoints, 1)
		}
		m.checkpoints = append(m.checkpoints, offsetCheckpoint{len(m.enc), proc, orig})
	}
}

// grow returns s with room for n more elements, doubling its capacity
// (append grows large slices by a quarter, which allocates five times
// the final size in all; doubling allocates twice).
func grow[S ~[]E, E any](s S, n int) S {
	c := max(2*cap(s), len(s)+n, 64)
	t := make(S, len(s), c)
	copy(t, s)
	return t
}

// lookup returns the offset in the caller's input of offset i of the
// preprocessed input, whose start was offset lead of the caller's input.
func (m *offsetMap) lookup(i, lead int) int {
	// Start after the last checkpoint at or before i, or at the first
	// mark.
	at, proc, orig, seen := 0, 0, 0, false
	if k := sort.Search(len(m.checkpoints), func(k int) bool { return m.checkpoints[k].proc > i }); k > 0 {
		c := m.checkpoints[k-1]
		at, proc, orig, seen = c.at, c.proc, c.orig, true
	}
	for at < len(m.enc) {
		np, no, n := m.decode(at, proc, orig)
		if np > i {
			break
		}
		at, proc, orig, seen = at+n, np, no, true
	}
	if !seen {
		return lead + i
	}
	return orig + i - proc
}

// decode reads the mark at enc[at], which follows the mark (proc, orig),
// and returns it and its length in bytes.
func (m *offsetMap) decode(at, proc, orig int) (nproc, norig, n int) {
	b := m.enc[at]
	if b != offsetMapEscape {
		return proc + int(b&0x0F), orig + int(b>>4) + 1, 1
	}
	dp, n1 := binary.Varint(m.enc[at+1:])
	do, n2 := binary.Varint(m.enc[at+1+n1:])
	return proc + int(dp), orig + int(do), 1 + n1 + n2
}
