// Package ascii holds the Infra Standard's ASCII string operations that
// more than one package of the module needs.
package ascii

// Lower returns s with ASCII upper alphas lowercased (Infra's "ASCII
// lowercase"), s itself, with no allocation, when it has none.
func Lower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				b[j] = LowerByte(b[j])
			}
			return string(b)
		}
	}
	return s
}

// LowerByte returns c, lowercased if it is an ASCII upper alpha.
func LowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
