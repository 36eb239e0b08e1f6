package url

import "math/rand/v2"

// forEachString calls check with every string of up to maxLen bytes
// over alphabet, then with 20,000 random strings of 10 to 10+spread-1
// bytes drawn from weighted (seeded by seed, so runs repeat): the
// exhaustive-then-random sweep of the tests of the scanners that read
// eight bytes at a time, so that every word boundary and the padded
// tail are crossed by every pattern short enough to enumerate.
func forEachString(alphabet string, maxLen int, weighted string, spread int, seed uint64, check func(string)) {
	var walk func(prefix string)
	walk = func(prefix string) {
		check(prefix)
		if len(prefix) < maxLen {
			for i := range len(alphabet) {
				walk(prefix + alphabet[i:i+1])
			}
		}
	}
	walk("")
	r := rand.New(rand.NewPCG(17, seed))
	for range 20000 {
		b := make([]byte, 10+r.IntN(spread))
		for i := range b {
			b[i] = weighted[r.IntN(len(weighted))]
		}
		check(string(b))
	}
}
