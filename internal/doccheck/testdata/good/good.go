// Package good keeps each documentation promise: [Hello] has an example.
package good

// Hello returns a greeting; [T.Name] is its name.
func Hello() string { return "hello" }

// T names a greeting.
type T struct{}

// Name returns the name.
func (T) Name() string { return Greeting }

// Greeting is used by an example.
const Greeting = "hello"
