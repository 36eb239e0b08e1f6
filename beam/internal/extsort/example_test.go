package extsort_test

import (
	"fmt"

	"github.com/weburl/url/beam/internal/extsort"
)

// A count by key: with Sum, equal keys are one record with the sum of
// their values.
func Example() {
	s := extsort.New(extsort.Options{Sum: true, MemoryBytes: 1 << 20})
	for _, host := range []string{"b.example", "a.example", "b.example"} {
		s.AddString(host, 1)
	}
	it, err := s.Sort()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer it.Close()
	for it.Next() {
		fmt.Println(string(it.Key()), it.Value())
	}
	// Output:
	// a.example 1
	// b.example 2
}
