package effects

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/valueflow"
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
	err := valueflow.ErrorResult(c)
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
			if !rejoins || !onlyLogs(blocks) || skipsCalls(fail, ok, c.Block()) {
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
func OnFailurePath(instr ssa.Instruction) bool { return FailedCall(instr) != nil }

// FailedCall returns the call whose failure instr runs after, on a path
// that leaves the function without rejoining the work, or nil: of nested
// tests, the innermost.
func FailedCall(instr ssa.Instruction) *ssa.Call {
	fn := instr.Parent()
	if fn == nil || instr.Block() == nil {
		return nil
	}
	var failed *ssa.Call
	var failBlock *ssa.BasicBlock
	for _, b := range fn.Blocks {
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, isCmp := iff.Cond.(*ssa.BinOp)
		var call *ssa.Call
		if isCmp {
			err := cmp.X
			if k, ok := err.(*ssa.Const); ok && k.IsNil() {
				err = cmp.Y
			}
			call = errorCall(err)
		}
		if call == nil {
			// No error tested: the call's answer, perhaps (if
			// !res.Authorised(), if res.Status != "accepted").
			if call, fail := refused(iff, instr); call != nil && (failBlock == nil || failBlock.Dominates(fail)) {
				failed, failBlock = call, fail
			}
			continue
		}
		err := cmp.X
		if k, ok := err.(*ssa.Const); ok && k.IsNil() {
			err = cmp.Y
		}
		fail, work, isTest := errorTest(cmp, err)
		if !isTest || len(fail.Preds) != 1 || !fail.Dominates(instr.Block()) || reachable(instr.Block())[work] || !failsOnExit(instr.Block()) {
			continue
		}
		if failBlock == nil || failBlock.Dominates(fail) {
			failed, failBlock = call, fail
		}
	}
	return failed
}

// refused returns the call whose answer the if statement tests (the
// call succeeded, and its result says no: if !res.Authorised()), when
// instr runs only on one of its branches, which leaves the function
// failing without rejoining the other: a record of the refusal, as a
// record of a failure is. It returns the branch's first block too.
func refused(iff *ssa.If, instr ssa.Instruction) (*ssa.Call, *ssa.BasicBlock) {
	call, read := answered(iff.Cond, 0)
	if call == nil || !read {
		return nil, nil // a bool the call returns is a guard's answer, not a refusal
	}
	succs := iff.Block().Succs
	for i, fail := range succs {
		work := succs[1-i]
		if len(fail.Preds) == 1 && fail.Dominates(instr.Block()) && !reachable(instr.Block())[work] && returnsMadeError(instr.Block()) {
			return call, fail
		}
	}
	return nil, nil
}

// maxAnswer bounds the steps from a test back to the result it reads.
const maxAnswer = 4

// answered returns the call whose first result, beside an error, a
// boolean test reads: through negation, a method called on it, a field
// of it, or a comparison of one; read is set when the test reads it by
// a method or a field, not as the value itself.
func answered(v ssa.Value, depth int) (call *ssa.Call, read bool) {
	if depth > maxAnswer {
		return nil, false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		return answered(x.X, depth+1)
	case *ssa.BinOp:
		if c, r := answered(x.X, depth+1); c != nil {
			return c, r
		}
		return answered(x.Y, depth+1)
	case *ssa.Call:
		var recv ssa.Value
		if x.Call.IsInvoke() {
			recv = x.Call.Value
		} else if len(x.Call.Args) > 0 && x.Call.Signature().Recv() != nil {
			recv = x.Call.Args[0] // res.Authorised()
		}
		if recv != nil {
			c, _ := answered(recv, depth+1)
			return c, c != nil
		}
	case *ssa.Field:
		c, _ := answered(x.X, depth+1)
		return c, c != nil
	case *ssa.FieldAddr:
		c, _ := answered(x.X, depth+1)
		return c, c != nil
	case *ssa.Extract:
		call, ok := x.Tuple.(*ssa.Call)
		if ok && x.Index == 0 && erring(call) {
			return call, false
		}
	}
	return nil, false
}

// returnsMadeError reports whether every return that can follow b
// returns an error made there (fmt.Errorf, errors.New, a sentinel
// error), not one a call passes on, which may be nil.
func returnsMadeError(b *ssa.BasicBlock) bool {
	res := b.Parent().Signature.Results()
	if res.Len() == 0 || !fix.IsError(res.At(res.Len()-1).Type()) {
		return false
	}
	n := 0
	for blk := range reachable(b) {
		if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok {
			if !madeError(ret.Results[len(ret.Results)-1]) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// madeError reports whether v is an error made where it is returned: a
// call of an error constructor, a sentinel error variable, or a value of
// a concrete error type.
func madeError(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Call:
		fn := valueflow.Callee(&x.Call)
		return fn != nil && catalog.IsErrorConstructor(fn)
	case *ssa.UnOp:
		_, ok := x.X.(*ssa.Global)
		return ok && x.Op == token.MUL
	case *ssa.MakeInterface:
		return true
	}
	return false
}

// erring reports whether a call's last result is an error.
func erring(call *ssa.Call) bool {
	res := call.Call.Signature().Results()
	return res.Len() >= 2 && fix.IsError(res.At(res.Len()-1).Type())
}

// failsOnExit reports whether every return that can follow b fails the
// function: its error result is not nil. A function with no error
// result (an HTTP handler) fails by what it answers, which this does
// not read; it is taken to fail.
func failsOnExit(b *ssa.BasicBlock) bool {
	res := b.Parent().Signature.Results()
	if res.Len() == 0 || !fix.IsError(res.At(res.Len()-1).Type()) {
		return true
	}
	for blk := range reachable(b) {
		if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok {
			if k, isConst := ret.Results[len(ret.Results)-1].(*ssa.Const); isConst && k.IsNil() {
				return false
			}
		}
	}
	return true
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

// FailureStops reports whether g's error result, when it is not nil,
// keeps the path from at: if err != nil { return err } before at, its
// failing branch never reaching at's block.
func FailureStops(g *ssa.Call, at ssa.Instruction) bool {
	if at.Block() == nil {
		return false
	}
	stops := false
	for _, e := range errorResults(g) {
		for _, u := range *e.Referrers() {
			cmp, ok := u.(*ssa.BinOp)
			if !ok || cmp.Op != token.NEQ || !isNil(cmp.X) && !isNil(cmp.Y) {
				continue
			}
			for _, w := range *cmp.Referrers() {
				iff, ok := w.(*ssa.If)
				if !ok {
					continue
				}
				if reachable(iff.Block().Succs[0])[at.Block()] {
					return false
				}
				stops = true
			}
		}
	}
	return stops
}

// errorResults returns the values that hold g's error result.
func errorResults(g *ssa.Call) []ssa.Value {
	if catalog.TypeKey(g.Type()) == "error" {
		return []ssa.Value{g}
	}
	tup, ok := g.Type().(*types.Tuple)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, r := range *g.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && catalog.TypeKey(tup.At(ex.Index).Type()) == "error" {
			out = append(out, ex)
		}
	}
	return out
}

// skipsCalls reports whether the failure branch of a test of call's
// error, in rejoining the work, passes over calls that the success
// branch makes before its turn of a loop runs call again: a continue
// that skips committing the message decides as a return would.
func skipsCalls(fail, ok, call *ssa.BasicBlock) bool {
	failed := reachableAvoiding(fail, call)
	for b := range reachableAvoiding(ok, call) {
		if failed[b] {
			continue
		}
		for _, instr := range b.Instrs {
			if _, ok := instr.(ssa.CallInstruction); ok {
				return true
			}
		}
	}
	return false
}

// reachable returns the blocks that can run from b on, b included.
func reachable(b *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	return reachableAvoiding(b, nil)
}

// reachableAvoiding is reachable by paths that do not enter stop.
func reachableAvoiding(b, stop *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{b}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == stop && x != b {
			continue
		}
		if !seen[x] {
			seen[x] = true
			stack = append(stack, x.Succs...)
		}
	}
	return seen
}

// onlyLogs reports whether the failure branch's blocks do nothing but
// log and rejoin: they call only loggers that return (log.Fatal and
// log.Panic do not), store nothing but a logger's arguments, and set no
// value that the work reads after them (failed = true).
func onlyLogs(region map[*ssa.BasicBlock]bool) bool {
	for b := range region {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Store:
				if !varargs(instr.Addr, region) {
					return false
				}
			case *ssa.MapUpdate, *ssa.Send, *ssa.Go, *ssa.Defer, *ssa.Panic:
				return false
			case ssa.CallInstruction:
				var fn *types.Func
				if cc := instr.Common(); cc.IsInvoke() {
					fn = cc.Method
				} else if callee := cc.StaticCallee(); callee != nil {
					fn, _ = callee.Object().(*types.Func)
				}
				if !catalog.IsLogging(fn) || catalog.IsExitingLog(fn) {
					return false
				}
			}
		}
		for _, next := range b.Succs {
			if !region[next] && setsFlag(b, next) {
				return false
			}
		}
	}
	return true
}

// varargs reports whether addr is an element of an array the branch
// allocates: the slice a variadic call is given.
func varargs(addr ssa.Value, region map[*ssa.BasicBlock]bool) bool {
	ia, ok := addr.(*ssa.IndexAddr)
	if !ok {
		return false
	}
	alloc, ok := ia.X.(*ssa.Alloc)
	return ok && region[alloc.Block()]
}

// setsFlag reports whether a φ of next takes from the edge b → next
// another value than from one of its other edges: the branch told the
// work something.
func setsFlag(b, next *ssa.BasicBlock) bool {
	i := slices.Index(next.Preds, b)
	for _, instr := range next.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		for j, e := range phi.Edges {
			if j != i && e != phi.Edges[i] {
				return true
			}
		}
	}
	return false
}

// errorCall returns the call v is the error of, or nil.
func errorCall(v ssa.Value) *ssa.Call {
	if !fix.IsError(v.Type()) {
		return nil
	}
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	call, _ := v.(*ssa.Call)
	return call
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

// DecidesBefore reports whether an if statement tests outcome, a guard's
// result (a bool that says the work is new, or a count of rows written),
// and at cannot run after the branch taken when it says the work was
// done before: if !claimed { return }, if n == 0 { return }. A test
// whose branch for work done before can still reach at (if n == 0 &&
// status != done { return }) decides nothing.
func DecidesBefore(outcome ssa.Value, at ssa.Instruction) bool {
	if outcome == nil {
		return false
	}
	// A path that comes back to the guard's block (the next item of a
	// loop) runs the guard again, which decides anew.
	var again *ssa.BasicBlock
	if instr, ok := outcome.(ssa.Instruction); ok && instr.Block() != at.Block() {
		again = instr.Block()
	}
	tested := false
	for _, v := range append([]ssa.Value{outcome}, storedLoads(outcome)...) {
		for _, done := range doneBranches(v) {
			tested = true
			if reachableAvoiding(done, again)[at.Block()] {
				return false
			}
		}
	}
	return tested
}

// storedLoads returns the reads of the variable v is stored in, when
// that is its only store in the function and it comes first: the
// outcome of a call assigned to a variable of an enclosing function
// (created, err = repo.InsertIfAbsent(ctx, r) in a transaction's
// callback), tested where it is read.
func storedLoads(v ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, r := range *v.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Val != v {
			continue
		}
		switch st.Addr.(type) {
		case *ssa.Alloc, *ssa.FreeVar:
		default:
			continue
		}
		var loads []ssa.Value
		stores := 0
		for _, u := range *st.Addr.Referrers() {
			switch u := u.(type) {
			case *ssa.Store:
				if u.Addr == st.Addr && u.Parent() == st.Parent() {
					stores++
				}
			case *ssa.UnOp:
				if u.Op == token.MUL && u.Parent() == st.Parent() && Dominates(st, u) {
					loads = append(loads, u)
				}
			}
		}
		if stores == 1 {
			out = append(out, loads...)
		}
	}
	return out
}

// doneBranches returns the successors of the if statements that test
// outcome which run when it says the work was done before: a false bool,
// no row (== 0, < 1), or not the one row (!= 1 inverted: == 1 false).
func doneBranches(outcome ssa.Value) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	branch := func(v ssa.Value, whenTrue bool) {
		for _, r := range *v.Referrers() {
			if iff, ok := r.(*ssa.If); ok {
				if whenTrue {
					out = append(out, iff.Block().Succs[0])
				} else {
					out = append(out, iff.Block().Succs[1])
				}
			}
		}
	}
	for _, r := range countedReferrers(outcome) {
		if done, ok := allChanged(r, outcome); ok {
			branch(r.(*ssa.BinOp), done) // int(n) != len(ids): done when not every row changed
			continue
		}
		switch r := r.(type) {
		case *ssa.If:
			out = append(out, r.Block().Succs[1]) // if claimed {...}: done when false
		case *ssa.UnOp:
			if r.Op == token.NOT {
				branch(r, true)
			}
		case *ssa.BinOp:
			c, ok := r.Y.(*ssa.Const)
			if !ok || r.X != outcome || c.Value == nil || c.Value.Kind() != constant.Int {
				continue
			}
			n, _ := constant.Int64Val(c.Value)
			switch {
			case r.Op == token.EQL && n == 0, r.Op == token.LSS && n == 1, r.Op == token.LEQ && n == 0:
				branch(r, true) // n == 0: done when true
			case r.Op == token.NEQ && n == 0, r.Op == token.GTR && n == 0, r.Op == token.GEQ && n == 1, r.Op == token.EQL && n == 1:
				branch(r, false) // n > 0: done when false
			}
		}
	}
	return out
}

// countedReferrers returns the instructions that use outcome, and those
// that use its conversion (int(n)).
func countedReferrers(outcome ssa.Value) []ssa.Instruction {
	out := slices.Clone(*outcome.Referrers())
	for _, r := range *outcome.Referrers() {
		if c, ok := r.(*ssa.Convert); ok {
			out = append(out, *c.Referrers()...)
		}
	}
	return out
}

// allChanged reads r as a comparison of the rows a statement changed,
// outcome, with the number of the rows it was given (int(n) !=
// len(ids), n < int64(len(ids))), and reports whether the comparison
// is true when some of them were not changed: done already, by an
// earlier attempt, when the statement only changes rows not done.
func allChanged(r ssa.Instruction, outcome ssa.Value) (whenTrue, ok bool) {
	cmp, isCmp := r.(*ssa.BinOp)
	if !isCmp || !isCount(cmp.X, outcome) || !isLen(cmp.Y) {
		return false, false
	}
	switch cmp.Op {
	case token.NEQ, token.LSS:
		return true, true
	case token.EQL:
		return false, true
	}
	return false, false
}

// isCount reports whether v is outcome, or its conversion.
func isCount(v, outcome ssa.Value) bool {
	if c, ok := v.(*ssa.Convert); ok {
		v = c.X
	}
	return v == outcome
}

// isLen reports whether v is the length of a slice (len(ids)), or its
// conversion.
func isLen(v ssa.Value) bool {
	if c, ok := v.(*ssa.Convert); ok {
		v = c.X
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	b, ok := call.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "len"
}

// RecordDecides reports whether an if statement tests a field of
// record, a row a claim reads back (rec.ResourceID != nil,
// rec.Completed()), with a branch from which at cannot run: the stored
// state of an earlier attempt decides whether the path goes on.
func RecordDecides(record ssa.Value, at ssa.Instruction) bool {
	if record == nil || !isRecord(record.Type()) {
		return false
	}
	derived := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if derived[v] || depth > 4 {
			return
		}
		derived[v] = true
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.Store: // rec kept in a variable whose fields are read
				if r.Val == v {
					switch a := r.Addr.(type) {
					case *ssa.Alloc:
						walk(a, depth+1)
					case *ssa.FreeVar: // one of the function a literal is made in
						walk(a, depth+1)
					}
				}
			case *ssa.Field, *ssa.FieldAddr, *ssa.UnOp, *ssa.BinOp:
				walk(r.(ssa.Value), depth+1)
			case *ssa.Call: // a method of the record: rec.Completed()
				walk(r, depth+1)
			}
		}
	}
	walk(record, 0)
	for v := range derived {
		for _, r := range *v.Referrers() {
			iff, ok := r.(*ssa.If)
			if !ok || iff.Cond != v {
				continue
			}
			for _, succ := range iff.Block().Succs {
				if !reachable(succ)[at.Block()] {
					return true
				}
			}
		}
	}
	return false
}

// isRecord reports whether t is a struct or a pointer to one.
func isRecord(t types.Type) bool {
	if _, ok := t.Underlying().(*types.Struct); ok {
		return true
	}
	return isStruct(t)
}
