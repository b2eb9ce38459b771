// Command lite is a composition root that imports only its wiring: no
// library of its own that could hold a finding.
package main

import "example.com/litemain/wiring"

func main() {
	if err := wiring.Run(); err != nil {
		panic(err)
	}
}
