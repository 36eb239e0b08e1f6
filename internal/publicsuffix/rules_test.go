package publicsuffix

// Rules returns every rule of the list in the list's syntax ("com",
// "*.ck", "!www.ck"), read back from the trie in depth-first order.
func Rules() []string {
	var rules []string
	var walk func(lo, hi uint32, parent string)
	walk = func(lo, hi uint32, parent string) {
		for n := node(lo); n < node(hi); n++ {
			name := n.label()
			if parent != "" {
				name += "." + parent
			}
			clo, chi, kind, wildcard := n.children()
			switch kind {
			case nodeTypeNormal:
				rules = append(rules, name)
			case nodeTypeException:
				rules = append(rules, "!"+name)
			}
			if wildcard {
				rules = append(rules, "*."+name)
			}
			walk(clo, chi, name)
		}
	}
	walk(0, numTLD, "")
	return rules
}
