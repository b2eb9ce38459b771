package retried

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/valueflow"
)

// loop makes the innermost loop of fn around block b a root: the body of
// a consumer loop runs once per delivery, and again on redelivery.
func (f *finder) loop(kind string, fn *ssa.Function, b *ssa.BasicBlock, pos token.Pos) *Root {
	body := innermostLoop(fn, b)
	if body == nil {
		return nil
	}
	for _, r := range f.roots {
		if r.Fn == fn && r.Blocks == nil {
			return nil // the whole function is a root already
		}
	}
	r := &Root{Kind: kind, Name: displayName(fn), Pos: pos, Fn: fn, Blocks: body}
	f.roots = append(f.roots, r)
	return r
}

// innermostLoop returns the blocks of the smallest natural loop of fn that
// contains b, or nil.
func innermostLoop(fn *ssa.Function, b *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	var best map[*ssa.BasicBlock]bool
	for _, header := range fn.Blocks {
		body := naturalLoop(header)
		if body[b] && (best == nil || len(body) < len(best)) {
			best = body
		}
	}
	return best
}

// naturalLoop is the loop whose header is header: the header plus every
// block that reaches one of its back edges (a continue is one) without
// passing through the header. It is nil when no back edge enters header.
func naturalLoop(header *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	var stack []*ssa.BasicBlock
	for _, pred := range header.Preds {
		if header.Dominates(pred) {
			stack = append(stack, pred)
		}
	}
	if len(stack) == 0 {
		return nil
	}
	body := map[*ssa.BasicBlock]bool{header: true}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if body[b] {
			continue
		}
		body[b] = true
		stack = append(stack, b.Preds...)
	}
	return body
}

// reachable computes, for every function of pkg that a root reaches, the
// first path found (roots in order, breadth first, so paths are short).
func reachable(roots []*Root, pkg *types.Package, fv *funcValues, skip func(ssa.CallInstruction) bool) map[*ssa.Function]*Path {
	reach := make(map[*ssa.Function]*Path)
	var queue []*ssa.Function
	visit := func(fn *ssa.Function, p *Path) {
		if _, ok := reach[fn]; !ok && fn.Blocks != nil {
			reach[fn] = p
			queue = append(queue, fn)
		}
	}
	for _, r := range roots {
		if r.Fn != nil {
			visit(r.Fn, &Path{Root: r})
		}
	}
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		p := reach[fn]
		inRoot := p.Root.Fn == fn && len(p.Via) == 0 && p.Root.Blocks != nil
		if !inRoot && skip == nil {
			for _, anon := range fn.AnonFuncs {
				visit(anon, &Path{Root: p.Root, Via: p.Via})
			}
		}
		for _, b := range fn.Blocks {
			if inRoot && !p.Root.Blocks[b] {
				continue
			}
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case ssa.CallInstruction:
					c := instr.Common()
					if skip != nil && skip(instr) {
						break
					}
					if callee := c.StaticCallee(); callee != nil && isLocal(callee, pkg) {
						visit(callee, &Path{Root: p.Root, Via: extend(p.Via, instr)})
					} else if callee == nil && !c.IsInvoke() {
						// A call of a function value: each function of
						// the package it can hold.
						for _, target := range fv.targets(c.Value, entered(p), false) {
							if isLocal(target, pkg) {
								visit(target, &Path{Root: p.Root, Via: extend(p.Via, instr)})
							}
						}
					} else if c.IsInvoke() {
						// An interface whose implementations here are
						// function types that call themselves.
						for _, target := range fv.invokeTargets(c, fn.Pkg, entered(p)) {
							if isLocal(target, pkg) {
								visit(target, &Path{Root: p.Root, Via: extend(p.Via, instr)})
							}
						}
					}
				}
				// A closure made on a retried path runs on it, whoever
				// calls it: its code is part of the attempt. So does a
				// function literal that captures nothing, which SSA
				// does not wrap in a closure (fetches.EachRecord(func(r
				// *kgo.Record) {...})). Only calls that skip stops take
				// it there, it does not.
				for _, op := range instr.Operands(nil) {
					if lit, ok := (*op).(*ssa.Function); ok && lit.Parent() == fn && (skip == nil || !valueflow.LiteralUses(fn, lit, skip)) {
						visit(lit, &Path{Root: p.Root, Via: p.Via})
					}
				}
			}
		}
	}
	return reach
}

// entered returns the last call of path p: the one that entered the
// function it reaches (or the function that function is a closure of).
func entered(p *Path) ssa.CallInstruction {
	if len(p.Via) == 0 {
		return nil
	}
	return p.Via[len(p.Via)-1]
}

func extend(via []ssa.CallInstruction, c ssa.CallInstruction) []ssa.CallInstruction {
	return append(via[:len(via):len(via)], c)
}

func isLocal(fn *ssa.Function, pkg *types.Package) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	return fn.Pkg != nil && fn.Pkg.Pkg == pkg
}

// retriedCall recognises the test of a hand-written retry loop: an if in
// a loop (not a range loop) that compares the error of a call made in the
// loop with nil, leaves the loop when it is nil and goes round again when
// it is not. It returns the call retried, or nil. A loop over items, one
// call per item, stays in the loop on success and is not a retry loop.
func retriedCall(fn *ssa.Function, ifInstr *ssa.If) *ssa.Call {
	cond, ok := ifInstr.Cond.(*ssa.BinOp)
	if !ok || (cond.Op != token.EQL && cond.Op != token.NEQ) {
		return nil
	}
	errv := cond.X
	if isNil(errv) {
		errv = cond.Y
	} else if !isNil(cond.Y) {
		return nil
	}
	if !isError(errv.Type()) {
		return nil
	}
	call := callOf(errv)
	if call == nil {
		return nil
	}
	block := ifInstr.Block()
	body := innermostLoop(fn, block)
	if body == nil || !body[call.Block()] || isRangeLoop(body) {
		return nil
	}
	success, failure := block.Succs[0], block.Succs[1] // err == nil: then, else
	if cond.Op == token.NEQ {
		success, failure = failure, success
	}
	if body[success] || !body[failure] {
		return nil
	}
	return call
}

// callOf returns the call whose (last) result v is.
func callOf(v ssa.Value) *ssa.Call {
	switch v := v.(type) {
	case *ssa.Call:
		return v
	case *ssa.Extract:
		c, _ := v.Tuple.(*ssa.Call)
		return c
	}
	return nil
}

// isRangeLoop reports whether a loop is a range statement's.
func isRangeLoop(body map[*ssa.BasicBlock]bool) bool {
	for b := range body {
		if strings.HasPrefix(b.Comment, "range") {
			return true
		}
	}
	return false
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}
