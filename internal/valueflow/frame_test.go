package valueflow

import (
	"go/token"
	"testing"
)

func TestFramePlaced(t *testing.T) {
	fset := token.NewFileSet()
	f := fset.AddFile("store.go", -1, 100)
	f.SetLines([]int{0, 10, 20})
	if fr := FrameAt(fset, "store.Save", f.Pos(12)); !fr.Placed() {
		t.Errorf("%v: a frame at a position is not placed", fr)
	}
	if fr := FrameAt(fset, "Handle$bound", token.NoPos); fr.Placed() {
		t.Errorf("%v: a frame of a function SSA made up is placed", fr)
	}
}
