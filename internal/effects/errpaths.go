package effects

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
)

// What a function does when a call fails tells which of its writes are
// part of the work. A write whose error is only logged is one the code
// accepts losing; a write that runs only once the work has failed, on
// the way out, undoes or records the failure rather than doing the work.

// FailureTolerated reports whether the function that makes call tests
// the error it returns and goes on as if it had succeeded: the branch
// taken on failure calls nothing but loggers (catalog.IsLogging), or is
// empty, and rejoins the work without returning. An error never read is no such evidence: code that drops
// every error says nothing about which writes it can do without.
func FailureTolerated(call ssa.CallInstruction) bool {
	c, ok := call.(*ssa.Call)
	if !ok {
		return false // go and defer: their failure is not the caller's to see
	}
	err := errorResult(c)
	if err == nil {
		return false // no error, or never read
	}
	var region map[*ssa.BasicBlock]bool
	var others []ssa.Instruction
	for _, r := range *err.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.BinOp:
			if region == nil {
				region = map[*ssa.BasicBlock]bool{}
			}
			if nilTest(r) && len(*r.Referrers()) == 0 {
				continue // if err != nil {}: an empty branch, removed
			}
			fail, ok, isTest := errorTest(r, err)
			if !isTest {
				return false
			}
			blocks, rejoins := failRegion(fail, ok)
			if !rejoins || !onlyLogs(blocks) {
				return false
			}
			for b := range blocks {
				region[b] = true
			}
		default:
			others = append(others, r)
		}
	}
	if region == nil {
		return false // not tested
	}
	for _, r := range others {
		// A use outside the branches that test it (a return, a store,
		// an argument of the next call) passes the failure on.
		if !region[r.Block()] {
			return false
		}
	}
	return true
}

// OnFailurePath reports whether instr runs only after a call of its
// function has failed, on a path that leaves the function without
// rejoining the work: a compensation or a record of the failure.
func OnFailurePath(instr ssa.Instruction) bool {
	fn := instr.Parent()
	if fn == nil || instr.Block() == nil {
		return false
	}
	for _, b := range fn.Blocks {
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := iff.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		err := cmp.X
		if k, ok := err.(*ssa.Const); ok && k.IsNil() {
			err = cmp.Y
		}
		if !isCallError(err) {
			continue
		}
		fail, work, isTest := errorTest(cmp, err)
		if !isTest || len(fail.Preds) != 1 || !fail.Dominates(instr.Block()) {
			continue
		}
		if !reachable(instr.Block())[work] {
			return true
		}
	}
	return false
}

// errorTest reads cmp as a test of err against nil that an If decides:
// the successor taken on failure and the one taken on success.
func errorTest(cmp *ssa.BinOp, err ssa.Value) (fail, ok *ssa.BasicBlock, isTest bool) {
	if !nilTest(cmp) || cmp.X != err && cmp.Y != err {
		return nil, nil, false
	}
	refs := *cmp.Referrers()
	if len(refs) != 1 {
		return nil, nil, false
	}
	iff, isIf := refs[0].(*ssa.If)
	if !isIf {
		return nil, nil, false
	}
	s := iff.Block().Succs
	if cmp.Op == token.NEQ {
		return s[0], s[1], true
	}
	return s[1], s[0], true
}

// failRegion returns the blocks that run between a test's failure
// successor and its rejoining the work (a block the success successor
// leads to: the rest of the function, or a loop's next turn), and
// whether every path from the failure rejoins: none returns or panics.
func failRegion(fail, ok *ssa.BasicBlock) (map[*ssa.BasicBlock]bool, bool) {
	work := reachable(ok)
	region := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{fail}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if region[b] || work[b] {
			continue
		}
		if len(b.Succs) == 0 {
			return nil, false
		}
		region[b] = true
		stack = append(stack, b.Succs...)
	}
	return region, true
}

// reachable returns the blocks that can run from b on, b included.
func reachable(b *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{b}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !seen[x] {
			seen[x] = true
			stack = append(stack, x.Succs...)
		}
	}
	return seen
}

// onlyLogs reports whether the blocks call nothing but loggers.
func onlyLogs(blocks map[*ssa.BasicBlock]bool) bool {
	for b := range blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isCall := call.(*ssa.Call); !isCall {
				return false // go, defer
			}
			var fn *types.Func
			if cc := call.Common(); cc.IsInvoke() {
				fn = cc.Method
			} else if callee := cc.StaticCallee(); callee != nil {
				fn, _ = callee.Object().(*types.Func)
			}
			if !catalog.IsLogging(fn) {
				return false
			}
		}
	}
	return true
}

// isCallError reports whether v is the error a call returns.
func isCallError(v ssa.Value) bool {
	return IsError(v.Type()) && IsCallResult(v)
}

// IsCallResult reports whether v is a result of a call: a value read
// from where the call got it.
func IsCallResult(v ssa.Value) bool {
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	_, ok := v.(*ssa.Call)
	return ok
}

// IsError reports whether t is the error interface.
func IsError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}
