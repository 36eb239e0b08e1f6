package url

import (
	"math"
	"sync/atomic"
	"unsafe"
)

// The setters' href buffer: room that a URL's setters write new hrefs
// into, so that a run of setters on one URL allocates once.
//
// Getters hand out substrings of the href, so bytes that were ever part
// of an href are never written again. A buffer is therefore append-only:
// a setter claims a stretch of the unused room after what earlier
// setters claimed, writes the new href there, and the href becomes a
// string over those bytes. A setter whose new href only adds to the end
// of the old one (a fragment on a URL without one, a query on a URL with
// neither) claims just the bytes it adds, right after the old href, when
// nothing after it was claimed yet: the old href is a prefix of the new
// one and stays as it was.
//
// Copies of a URL (by value) share its buffer. Each claim is an atomic
// compare-and-swap on the buffer's count of claimed bytes, so that two
// copies, even on two goroutines, never claim the same room: the loser
// claims room further on, or allocates a buffer of its own. A URL's buf
// is only a hint: whatever else wrote the href since (a SearchParams
// update, an assignment), a setter writes in place only where the href
// is seen to end at the buffer's claimed count.
//
// When the room runs out, the setter allocates a new buffer holding its
// href and room for about two more of that length; the URL drops the
// old one. A URL thus keeps at most one buffer, of a size set by one of
// its hrefs, whatever the number of setters it saw.

// hrefBuf is the header of a setters' buffer; its room, size bytes,
// follows it in the same allocation (an array of uint64, so that the
// header is aligned for its atomic count and the allocation holds no
// pointer for the collector to scan).
type hrefBuf struct {
	used atomic.Uint32 // bytes of the room claimed, from its start
	size uint32        // bytes of room
}

// reusedHrefBuf is the buffer of a URL that was given a whole new href
// (URL.SetHref, an Unmarshal method) while it had no buffer: a buffer
// with no room, so that no claim ever takes any and nothing ever writes
// it (its count stays 0; it is shared, not state). It marks the URL as
// reused, one URL after another: a fragment setter on such a URL starts
// a buffer, where on a URL that Parse made it allocates the href alone
// (spliceEncoded), and the buffers that follow grow (nextRoom).
var reusedHrefBuf hrefBuf

// hrefBufHeader is the size of the header, where the room starts.
const hrefBufHeader = unsafe.Sizeof(hrefBuf{})

// hrefRoom returns the size of a new buffer for an href of n bytes, of
// which later parts (laterParts) follow the part a setter changes: the
// href, another n for each later part, up to two, and 40 bytes for a
// query or fragment the later setters add: at the end, or, when the
// href has a fragment, a query before it, which both the search
// setter's href and the hash setter's then carry (80 bytes). Allocation costs by the byte (a run of
// one setter pays for the room it does not use), so the room is a
// forecast: setters mostly run in the order of the parts (pathname,
// then search, then hash), and a setter of a part with nothing after it
// adds at the end, in place, where one of a part that others follow
// rewrites the whole href. So a run of setters in that order allocates
// once. Past 4 KiB the room for later parts is at most a quarter of the
// href and 8 KiB.
func hrefRoom(n, later int, fragment bool) uint64 {
	extra := uint64(min(later, 2)) * uint64(n)
	if n > 4096 {
		extra = min(extra, uint64(n/4)+8192)
	}
	extra += 40
	if fragment {
		extra += 40
	}
	return min(uint64(n)+extra, math.MaxUint32)
}

// hrefBufGrowMax bounds the growth of a URL's buffers (nextRoom).
const hrefBufGrowMax = 1024

// nextRoom returns the size of a new buffer for u's next href, of n
// bytes, where the part of the old href from end on follows the change
// (and fragment tells whether the new href has one):
// hrefRoom's forecast, or, when u's buffer ran out of room (a URL set
// many times, or reused for one URL after another with SetHref, as a
// command-line tool does), twice that buffer's size, up to 1 KiB. So
// such a URL allocates once per many setters, and keeps at most 1 KiB
// or hrefRoom's size.
func (u *URL) nextRoom(n int, end uint32, fragment bool) uint64 {
	size := hrefRoom(n, u.laterParts(end), fragment)
	if b := u.buf; b != nil {
		size = max(size, min(2*uint64(b.size), hrefBufGrowMax))
	}
	return size
}

// fragmentFrom reports whether u's href has a fragment from end on.
func (u *URL) fragmentFrom(end uint32) bool {
	return u.fragmentStart != 0 && u.fragmentStart >= end
}

// laterParts counts the parts of u's href from end on whose setters
// would rewrite the href rather than add at its end: the port, path,
// query and fragment, each when it, or a part after it, is not null
// (or, for the path, empty). Setting a part with nothing after it,
// when it is null itself, adds at the end; replacing one rewrites.
func (u *URL) laterParts(end uint32) int {
	n := 0
	rest := u.fragmentStart != 0
	if rest && u.queryEnd() >= end {
		n++
	}
	rest = rest || u.queryStart != 0
	if rest && u.pathEnd() >= end {
		n++
	}
	rest = rest || u.pathEnd() > u.pathStart
	if rest && u.pathStart > end {
		n++
	}
	rest = rest || u.hostEnd < u.pathStart
	if rest && u.hostKind != HostNull && u.hostEnd > end {
		n++
	}
	return n
}

// newHrefBuf allocates a buffer with room for at least size bytes (up
// to a multiple of eight), of which the first used are claimed (all of
// it, if used is more). Nothing else sees the buffer yet: its count is
// set without an atomic store, which costs a locked instruction. (A
// make of the exact size costs a fifth less than slices.Grow, which
// would give the size class's slack as room.)
func newHrefBuf(size uint64, used uint32) *hrefBuf {
	words := make([]uint64, (uint64(hrefBufHeader)+size+7)/8)
	h := (*struct{ used, size uint32 })(unsafe.Pointer(unsafe.SliceData(words)))
	h.size = uint32(min(uint64(len(words))*8-uint64(hrefBufHeader), math.MaxUint32))
	h.used = min(used, h.size)
	return (*hrefBuf)(unsafe.Pointer(h))
}

// bytes returns the n bytes of room at offset off, n > 0.
func (b *hrefBuf) bytes(off, n uint32) []byte {
	return unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(b), hrefBufHeader+uintptr(off))), n)
}

// claim claims n > 0 bytes of room and returns their offset, or false
// when fewer are left.
func (b *hrefBuf) claim(n uint32) (uint32, bool) {
	for {
		used := b.used.Load()
		if n > b.size-used {
			return 0, false
		}
		if b.used.CompareAndSwap(used, used+n) {
			return used, true
		}
	}
}

// claimRest claims all the room left, at least n > 0 bytes, and
// returns its offset and length, or false when less is left.
func (b *hrefBuf) claimRest(n uint32) (off, length uint32, ok bool) {
	for {
		used := b.used.Load()
		if n > b.size-used {
			return 0, 0, false
		}
		if b.used.CompareAndSwap(used, b.size) {
			return used, b.size - used, true
		}
	}
}

// extend claims the n > 0 bytes of room from off on, if nothing from
// off on is claimed yet.
func (b *hrefBuf) extend(off, n uint32) bool {
	return n <= b.size-off && b.used.CompareAndSwap(off, off+n)
}

// unclaim gives back the room from off to end, the last claimed, of
// which no byte is part of a string anyone holds. When something after
// end was claimed meanwhile, the room stays claimed (and unused).
func (b *hrefBuf) unclaim(off, end uint32) {
	b.used.CompareAndSwap(end, off)
}

// end returns the offset in b's room where s ends, or false when s
// does not lie in b's room (it is the input of Parse, or in another
// buffer). The addresses are compared as integers: no pointer is made
// that might point past an allocation.
func (b *hrefBuf) end(s string) (uint32, bool) {
	if s == "" {
		return 0, false
	}
	room := uintptr(unsafe.Pointer(b)) + hrefBufHeader
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	if p < room || p-room > uintptr(b.size) || uintptr(len(s)) > uintptr(b.size)-(p-room) {
		return 0, false
	}
	return uint32(p - room + uintptr(len(s))), true
}

// newHref returns n > 0 bytes for u's next href, whose first keep bytes
// hold u.href[:keep] (keep <= len(u.href)), the part of the href from end
// on being what follows the change, and fragment telling whether the
// new href has a fragment: the caller writes the rest
// and then makes the href a string over them ([URL.setHrefBytes]). The
// bytes are the room right after u.href when keep is all of it and that
// room is free (the caller then writes only what it adds); else a
// stretch of room claimed further on in u's buffer, or in a new one
// that becomes u's.
func (u *URL) newHref(n, keep int, end uint32, fragment bool) []byte {
	b := u.buf
	if b != nil {
		if keep == len(u.href) && n > keep {
			if end, ok := b.end(u.href); ok && b.extend(end, uint32(n-keep)) {
				return b.bytes(end-uint32(keep), uint32(n))
			}
		}
		if off, ok := b.claim(uint32(n)); ok {
			dst := b.bytes(off, uint32(n))
			copy(dst, u.href[:keep])
			return dst
		}
	}
	b = newHrefBuf(u.nextRoom(n, end, fragment), uint32(n))
	u.buf = b
	dst := b.bytes(0, uint32(n))
	copy(dst, u.href[:keep])
	return dst
}

// setHrefBytes makes u's href the string over b, which newHref
// returned and the caller filled; b is never written again.
func (u *URL) setHrefBytes(b []byte) {
	u.href = unsafe.String(unsafe.SliceData(b), len(b))
}
