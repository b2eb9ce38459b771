package report

import (
	"go/token"
	"testing"
)

// A call SSA made up (a bound method's wrapper) has no position: the
// chain leaves it out rather than show a step the user cannot open.
func TestChainLeavesOutUnplacedCalls(t *testing.T) {
	fset := token.NewFileSet()
	f := fset.AddFile("h.go", -1, 100)
	f.SetLines([]int{0, 10, 20})
	root, call := f.Pos(1), f.Pos(12)
	got := Chain(root, "HTTP handler Create", []token.Pos{token.NoPos, call})
	if len(got) != 2 {
		t.Fatalf("got %d related positions, want the root and one call: %v", len(got), got)
	}
	for _, r := range got {
		if !r.Pos.IsValid() {
			t.Errorf("related %q has no position", r.Message)
		}
	}
	if got[1].Pos != call || got[1].Message != ChainStep {
		t.Errorf("got %v, want the call at %v", got[1], call)
	}
}
