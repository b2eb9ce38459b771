package effects

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
)

// A function that tests an error for a unique violation (SQLSTATE
// 23505, MySQL's 1062, gorm.ErrDuplicatedKey) either takes the
// duplicate (returns nil, reads the existing row) or only renames it: a
// repository's mapErr that returns fmt.Errorf("%w", ErrConflict). A
// renamed duplicate still fails the retry, unless a caller takes the
// error it was renamed to; so the names travel with the statements, to
// the callers that can tell.

// ErrorFuncs are the functions of other packages whose errors a
// function's tests of a unique violation call, by FuncKey: Predicates
// test an error for one (db.IsUniqueViolation(err)), Constructors make
// an error on every call (domain.Conflict("BOL %s is taken", bol)). A
// nil ErrorFuncs knows none.
type ErrorFuncs struct {
	Predicates, Constructors map[string]bool
}

// A UniqueHandling says what a function does with the unique violations
// it tests for.
type UniqueHandling struct {
	// Handles is set when a test goes on without an error: the
	// duplicate is taken.
	Handles bool
	// Sentinels are the package-level errors ("pkg/path.ErrConflict")
	// that the tests return instead, when none takes the duplicate.
	Sentinels []string
}

// UniqueOf says what fn does with the unique violations it tests for,
// in its own code, its function literals, and the helpers of its
// package it calls. A transaction's callback takes a duplicate when the
// function that runs the transaction does: the callback's error is the
// transaction's (gorm's Transaction, pgx.BeginFunc, bun's RunInTx).
//
// A predicate of another package (db.IsUniqueViolation(err)) counts
// when predicates, the FuncKeys of other packages' functions that
// IsUniquePredicate holds of, names it.
func (k *ErrorFuncs) UniqueOf(fn *ssa.Function) UniqueHandling {
	var u UniqueHandling
	if parent := fn.Parent(); parent != nil && isTxCallback(fn) {
		if pu := k.UniqueOf(parent); pu.Handles {
			return pu
		}
	}
	u.add(k.uniqueTests(fn))
	if u.Handles {
		return u
	}
	// A helper of the package that the function calls: a predicate
	// (isUniqueViolation(err)) is judged by what fn does when it holds,
	// a function that returns an error by what it returns.
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil || callee.Parent() != nil || callee == fn {
				continue
			}
			if callee.Pkg != fn.Pkg {
				if obj, ok := callee.Object().(*types.Func); ok && k != nil && k.Predicates[catalog.FuncKey(obj)] {
					u.add(k.branchOf(call))
				}
				continue
			}
			if !testsUnique(callee) {
				continue
			}
			if isPredicate(callee) {
				u.add(k.branchOf(call))
			} else {
				u.add(k.uniqueTests(callee))
			}
		}
	}
	return u
}

func (u *UniqueHandling) add(v UniqueHandling) {
	u.Handles = u.Handles || v.Handles
	for _, s := range v.Sentinels {
		if !slices.Contains(u.Sentinels, s) {
			u.Sentinels = append(u.Sentinels, s)
		}
	}
}

// uniqueTests judges the unique-violation tests of fn and of its
// function literals.
func (k *ErrorFuncs) uniqueTests(fn *ssa.Function) UniqueHandling {
	var u UniqueHandling
	for _, f := range append([]*ssa.Function{fn}, fn.AnonFuncs...) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if usesUnique(instr) {
					if v, ok := instr.(ssa.Value); ok {
						for _, t := range testsOf(v) {
							u.add(k.branchOf(t))
						}
					} else {
						u.Handles = true // not a test we can follow: no proof the duplicate fails
					}
				}
			}
		}
	}
	return u
}

// testsOf returns the tests of a use of a unique violation's code or
// an ORM's duplicate-key error: the loaded error itself is no test, the
// comparisons and predicates it is handed are (errors.Is(err,
// gorm.ErrDuplicatedKey), err == gorm.ErrDuplicatedKey). A load used in
// any other way is its own test, which proves nothing (branchOf).
func testsOf(v ssa.Value) []ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return []ssa.Value{v}
	}
	var tests []ssa.Value
	for _, r := range *load.Referrers() {
		t, ok := r.(ssa.Value)
		if !ok || !types.Identical(t.Type().Underlying(), types.Typ[types.Bool]) {
			return []ssa.Value{v}
		}
		tests = append(tests, t)
	}
	if len(tests) == 0 {
		return []ssa.Value{v}
	}
	return tests
}

// testsUnique reports whether fn or a literal of it tests for a unique
// violation.
func testsUnique(fn *ssa.Function) bool {
	for _, f := range append([]*ssa.Function{fn}, fn.AnonFuncs...) {
		for _, b := range f.Blocks {
			if slices.ContainsFunc(b.Instrs, usesUnique) {
				return true
			}
		}
	}
	return false
}

// usesUnique reports whether an instruction uses a unique violation's
// code or an ORM's duplicate-key error.
func usesUnique(instr ssa.Instruction) bool {
	for _, op := range instr.Operands(nil) {
		switch v := (*op).(type) {
		case *ssa.Const:
			if catalog.IsUniqueViolation(v.Value) {
				return true
			}
		case *ssa.Global:
			if catalog.IsDuplicateKeyErr(v.Name()) {
				return true
			}
		}
	}
	return false
}

// IsUniquePredicate reports whether fn, a function of its package's
// top level, tests an error for a unique violation and answers with a
// bool (isUniqueViolation(err)): its callers in other packages judge
// what they do when it holds.
func IsUniquePredicate(fn *ssa.Function) bool {
	return fn.Parent() == nil && fn.Signature.Recv() == nil && isPredicate(fn) && testsUnique(fn)
}

// isPredicate reports whether fn returns only a bool.
func isPredicate(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	return res.Len() == 1 && types.Identical(res.At(0).Type().Underlying(), types.Typ[types.Bool])
}

// branchOf judges what the function does when the test v finds a
// unique violation: the returns that only that branch reaches. A test
// whose branch joins other code before it returns, or that is not a
// branch's condition, gives no proof: it counts as taking the duplicate.
func (k *ErrorFuncs) branchOf(v ssa.Value) UniqueHandling {
	holds := true
	if b, ok := v.(*ssa.BinOp); ok && b.Op == token.NEQ {
		holds = false // code != "23505": the violation is the false branch
	}
	return k.branchWhen(v, holds, 0)
}

func (k *ErrorFuncs) branchWhen(v ssa.Value, holds bool, depth int) UniqueHandling {
	var u UniqueHandling
	tested := false
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.If:
			tested = true
			succ := r.Block().Succs[0]
			if !holds {
				succ = r.Block().Succs[1]
			}
			u.add(k.branchFrom(succ))
		case *ssa.UnOp: // !errors.Is(err, gorm.ErrDuplicatedKey)
			if r.Op == token.NOT && depth < 2 {
				tested = true
				u.add(k.branchWhen(r, !holds, depth+1))
			}
		}
		if u.Handles {
			return u
		}
	}
	if !tested {
		// A value returned or stored (isUnique(err) returns it): not
		// followed.
		u.Handles = true
	}
	return u
}

// branchFrom judges the returns of the blocks that start dominates: all
// must return a non-nil error for the duplicate to fail the call.
func (k *ErrorFuncs) branchFrom(start *ssa.BasicBlock) UniqueHandling {
	var u UniqueHandling
	returns := 0
	for _, b := range start.Parent().Blocks {
		if !start.Dominates(b) {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		returns++
		if len(ret.Results) == 0 {
			return UniqueHandling{Handles: true}
		}
		last := ret.Results[len(ret.Results)-1]
		sentinels := sentinelsIn(last, 0)
		if !isErrorType(last.Type()) || len(sentinels) == 0 && !k.constructed(last) {
			// nil, or an error that may be nil (the result of writing
			// a response: c.NoContent(http.StatusOK)).
			return UniqueHandling{Handles: true}
		}
		u.add(UniqueHandling{Sentinels: sentinels})
	}
	if returns == 0 {
		u.Handles = true
	}
	return u
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// IsError reports whether values of t are errors.
func IsError(t types.Type) bool { return types.Implements(t, errorIface) }

// isErrorType reports whether t is the error interface itself.
func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// constructed reports whether an error is made by a function that
// returns a non-nil error on every call (fmt.Errorf, status.Error).
func (k *ErrorFuncs) constructed(v ssa.Value) bool { return k.constructedAt(v, 0) }

// constructedAt reports whether v is an error made there: by an error
// constructor, as a pointer to a struct (&Error{Kind: ErrConflict}), or
// by a function of the package whose every return is one
// (conflict("already entered")).
func (k *ErrorFuncs) constructedAt(v ssa.Value, depth int) bool {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		if _, ok := mi.X.(*ssa.Alloc); ok {
			return true
		}
		v = mi.X
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return false
	}
	if fn, ok := callee.Object().(*types.Func); ok && (catalog.IsErrorConstructor(fn) || k != nil && k.Constructors[catalog.FuncKey(fn)]) {
		return true
	}
	return depth <= 1 && callee.Signature.Results().Len() == 1 && k.returnsConstructed(callee, depth+1)
}

// returnsConstructed reports whether every return of fn, a function of
// one result, returns an error made there.
func (k *ErrorFuncs) returnsConstructed(fn *ssa.Function, depth int) bool {
	returns := 0
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if returns++; !k.constructedAt(ret.Results[0], depth) {
				return false
			}
		}
	}
	return returns > 0
}

// sentinelsIn returns the package-level error variables an error value
// is or wraps: ErrConflict, fmt.Errorf("%s: %w", op, ErrConflict).
func sentinelsIn(v ssa.Value, depth int) []string {
	if depth > 3 {
		return nil
	}
	switch v := v.(type) {
	case *ssa.MakeInterface:
		return sentinelsIn(v.X, depth+1)
	case *ssa.ChangeInterface:
		return sentinelsIn(v.X, depth+1)
	case *ssa.UnOp:
		if g, ok := v.X.(*ssa.Global); ok && g.Pkg != nil && IsError(v.Type()) {
			return []string{g.Pkg.Pkg.Path() + "." + g.Name()}
		}
	case *ssa.Call:
		var out []string
		for _, a := range v.Call.Args {
			if sl, ok := a.(*ssa.Slice); ok { // the ...any of fmt.Errorf
				if alloc, ok := sl.X.(*ssa.Alloc); ok {
					for _, r := range *alloc.Referrers() {
						if ia, ok := r.(*ssa.IndexAddr); ok {
							for _, rr := range *ia.Referrers() {
								if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
									out = append(out, sentinelsIn(st.Val, depth+1)...)
								}
							}
						}
					}
				}
				continue
			}
			out = append(out, sentinelsIn(a, depth+1)...)
		}
		return out
	}
	return nil
}
