package extsort_test

import (
	"errors"
	"fmt"
	"os"

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

// Without Sum, every record is kept, in key order.
func ExampleSorter() {
	s := extsort.New(extsort.Options{Dir: os.TempDir(), MemoryBytes: 64})
	for i, k := range []string{"pear", "apple", "fig", "apple"} {
		if err := s.AddString(k, uint64(i)); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(s.Runs() > 0)
	it, _ := s.Sort()
	defer it.Close()
	for it.Next() {
		fmt.Print(string(it.Key()), " ")
	}
	fmt.Println()
	// Output:
	// true
	// apple apple fig pear
}

func ExampleSpool() {
	sp := extsort.NewSpool("")
	defer sp.Close()
	sp.AddString("a.example", 0)
	sp.AddString("b.example", 1)
	for range 2 {
		it, _ := sp.Iter()
		for it.Next() {
			fmt.Print(string(it.Key()), "=", it.Value(), " ")
		}
	}
	fmt.Println()
	// Output: a.example=0 b.example=1 a.example=0 b.example=1
}

func ExampleErrClosed() {
	var s extsort.Sorter
	it, _ := s.Sort()
	it.Close()
	fmt.Println(errors.Is(s.AddString("late", 1), extsort.ErrClosed))
	// Output: true
}

// Two sorts that run at once share a Meter, which adds up the memory
// they hold and counts the runs they write.
func ExampleMeter() {
	var m extsort.Meter
	hosts := extsort.New(extsort.Options{Sum: true, MemoryBytes: 8 << 10, Meter: &m})
	pairs := extsort.New(extsort.Options{Sum: true, MemoryBytes: 8 << 10, Meter: &m})
	defer hosts.Close()
	defer pairs.Close()
	for i := range 2000 {
		hosts.AddString(fmt.Sprintf("h%d.example", i), 1)
		pairs.AddString(fmt.Sprintf("h%d.example\x00h%d.example", i, i%7), 1)
	}
	fmt.Println("within 16 KiB:", m.Peak() <= 16<<10, "runs written:", m.Runs() > 0)
	it, _ := hosts.Sort()
	it.Close()
	it, _ = pairs.Sort()
	it.Close()
	fmt.Println("held after:", m.Held())
	// Output:
	// within 16 KiB: true runs written: true
	// held after: 0
}
