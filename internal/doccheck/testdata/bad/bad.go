// Package bad breaks each documentation promise once; see [Missing].
package bad

// Documented has an example; [Undocumented] does not, and [Nowhere] is no name.
func Documented() {}

// Undocumented has no example.
func Undocumented() {}

// T is a type with an example and a method without one.
type T struct {
	// F is a field.
	F int
}

// M has no example.
func (T) M() {}

// Unused is a constant no example uses.
const Unused = 1
