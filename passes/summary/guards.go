package summary

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// A call that runs only after a guard of its function does not run
// again on a retry: a dedup guard's claim, or a state guard's write on
// the path where its test found the work not done (an UPDATE ... WHERE
// status <> 'cancelled' whose rows affected decide), stops the retry
// first. A value a callee makes fresh then reaches its sink once
// through that call, whichever function makes it.

// fnGuards are a function's guards, found once.
type fnGuards struct {
	dedup  []ssa.Instruction
	states []stateGuard
}

// guardsOf returns fn's guards.
func (r *Result) guardsOf(fn *ssa.Function) *fnGuards {
	r.guardsMu.Lock()
	defer r.guardsMu.Unlock()
	if g, ok := r.guards[fn]; ok {
		return g
	}
	if r.guards == nil {
		r.guards = map[*ssa.Function]*fnGuards{}
	}
	g := &fnGuards{DedupGuards(r, fn), stateGuards(fn)}
	r.guards[fn] = g
	return g
}

// GuardedCall reports whether call runs only after one of its
// function's guards.
func (r *Result) GuardedCall(call ssa.CallInstruction) bool {
	g := r.guardsOf(call.Parent())
	return afterAny(g.dedup, call) || guardedByState(g.states, call)
}

// pastGuardCall reports whether what call runs, runs past a guard: one
// of its function's is before it (GuardedCall), or it hands each
// function literal it is given to a runner that runs it only past a
// claim of its own (handsClaimed).
func (r *Result) pastGuardCall(call ssa.CallInstruction) bool {
	if r.GuardedCall(call) {
		return true
	}
	lits := 0
	for _, a := range call.Common().Args {
		if w := valueflow.Converted(a); w != nil {
			a = w
		}
		lit := literalOf(a, call.Parent())
		if lit == nil {
			continue
		}
		if !handsClaimed(r, call, lit) {
			return false
		}
		lits++
	}
	return lits > 0
}

// PastGuardsOnly reports whether every retried path of the package that
// reaches fn calls it through a guarded call (GuardedCall): fn runs on
// a retried path, but not twice for one operation.
func (r *Result) PastGuardsOnly(fn *ssa.Function) bool {
	if _, ok := r.Retried.Reached(fn); !ok {
		return false
	}
	r.guardsMu.Lock()
	reach := r.pastGuard
	r.guardsMu.Unlock()
	if reach == nil {
		reach = r.Retried.ReachedAvoiding(r.pastGuardCall)
		r.guardsMu.Lock()
		r.pastGuard = reach
		r.guardsMu.Unlock()
	}
	return !reach[fn]
}

// afterAny reports whether one of the guards runs before instr on
// every path.
func afterAny(guards []ssa.Instruction, instr ssa.Instruction) bool {
	for _, g := range guards {
		if g != instr && effects.Dominates(g, instr) {
			return true
		}
	}
	return false
}

// compareAndSetCall reports whether call is a write given, built in
// place, a map of the columns it sets to constants and the text of a
// WHERE clause that tests one of them, and whose count of rows is
// tested against zero: a repository's UpdateWhere(ctx,
// map[string]any{"status": Cancelled}, "id = ? AND status IN ?", id,
// from). As an UPDATE that tests a column it sets is, it is a dedup
// guard: a retry finds the state set and updates no row.
func compareAndSetCall(call ssa.CallInstruction) bool {
	c, ok := call.(*ssa.Call)
	if !ok || !setsTestedColumn(c) {
		return false
	}
	rows := result(c, 0)
	if rows == nil {
		return false
	}
	if b, ok := rows.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return false
	}
	for _, r := range *rows.Referrers() {
		if cmp, ok := r.(*ssa.BinOp); ok && (cmp.Op == token.EQL || cmp.Op == token.NEQ) && (isZero(cmp.X) || isZero(cmp.Y)) &&
			slices.ContainsFunc(*cmp.Referrers(), func(i ssa.Instruction) bool { _, ok := i.(*ssa.If); return ok }) {
			return true
		}
	}
	return false
}

// setsTestedColumn reports whether a call's arguments are a map of
// columns to constants and a WHERE clause that tests one of them so
// that the update makes the test false.
func setsTestedColumn(c *ssa.Call) bool {
	var set []string
	where := ""
	for _, a := range c.Call.Args {
		if entries, ok := valueflow.MapLiteral(a); ok {
			for _, e := range entries {
				if v, ok := stateConst(valueflow.Unwrap(e.Value)); ok {
					set = append(set, e.Key+" = "+sqlLiteral(v))
				}
			}
		} else if text, ok := valueflow.ConstString(a); ok {
			where = text
		}
	}
	return len(set) > 0 && where != "" && effects.CompareAndSet(sqltext.Parse("UPDATE t SET "+strings.Join(set, ", ")+" WHERE "+where))
}

// sqlLiteral writes a Go constant as SQL: a string quoted, a number as
// it is.
func sqlLiteral(c constant.Value) string {
	if c.Kind() == constant.String {
		return "'" + strings.ReplaceAll(constant.StringVal(c), "'", "''") + "'"
	}
	return c.ExactString()
}

// isZero reports whether v is the constant 0.
func isZero(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Int && constant.Sign(c.Value) == 0
}
