package effects_test

import (
	"fmt"
	"iter"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/checktest"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/passes/lazyssa"
)

// testdata is the repository's shared analysistest tree.
var testdata, _ = filepath.Abs("../../testdata")

// calls yields the calls of the package's functions.
func calls(pass *analysis.Pass) iter.Seq[ssa.CallInstruction] {
	return func(yield func(ssa.CallInstruction) bool) {
		for _, fn := range pass.ResultOf[lazyssa.Analyzer].(*lazyssa.SSA).SrcFuncs() {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if call, ok := instr.(ssa.CallInstruction); ok && !yield(call) {
						return
					}
				}
			}
		}
	}
}

// units reports the commit unit of each statement that effects.StmtOf
// finds: "on pool", "on unknown", or "on txN", where N numbers the
// package's transactions in the order they first run a statement, as
// effects.SameTx tells them apart.
var units = &analysis.Analyzer{
	Name:     "units",
	Doc:      "report the commit unit of each SQL statement",
	Requires: []*analysis.Analyzer{lazyssa.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		cat := catalog.New(config.Default())
		var txs []*effects.Stmt // the first statement of each transaction
		for call := range calls(pass) {
			st := effects.StmtOf(cat, call)
			if st == nil {
				continue
			}
			unit := "unknown"
			switch st.Durability {
			case effects.DurAutocommit:
				unit = "pool"
			case effects.DurTx:
				n := len(txs) + 1
				for i, first := range txs {
					if effects.SameTx(first, st) {
						n = i + 1
						break
					}
				}
				if n > len(txs) {
					txs = append(txs, st)
				}
				unit = fmt.Sprintf("tx%d", n)
			}
			pass.Reportf(call.Pos(), "on %s", unit)
		}
		return nil, nil
	},
}

// TestUnits checks which statements run on a pool, on a transaction
// (and which one), or on a handle whose unit is unknown.
func TestUnits(t *testing.T) {
	checktest.Run(t, testdata, units, "effects/units")
}

// guards reports whether each write that effects.WriteStmtOf finds is
// a dedup guard (effects.IsGuard).
var guards = &analysis.Analyzer{
	Name:     "guards",
	Doc:      "report whether each write is a dedup guard",
	Requires: []*analysis.Analyzer{lazyssa.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		cat := catalog.New(config.Default())
		for call := range calls(pass) {
			if st := effects.WriteStmtOf(cat, call); st != nil {
				if effects.IsGuard(st) {
					pass.Reportf(call.Pos(), "guard")
				} else {
					pass.Reportf(call.Pos(), "not a guard")
				}
			}
		}
		return nil, nil
	},
}

// TestGuards checks which conflict-tolerant writes decide the path by
// what they changed.
func TestGuards(t *testing.T) {
	checktest.Run(t, testdata, guards, "effects/guards")
}
