package summary

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
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
		reach = r.Retried.ReachedAvoiding(r.GuardedCall)
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
