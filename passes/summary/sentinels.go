package summary

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes/lazyssa"
)

// A repository that renames a unique violation (return fmt.Errorf("%w",
// ErrConflict)) leaves the duplicate to its callers: one that takes
// the error it was renamed to (if errors.Is(err, ErrConflict) { return
// existing, nil }) handles it. The callers are often in packages the
// repository's cannot see; each package exports the errors it takes,
// and a statement whose duplicate is renamed counts as handled where the
// error it was renamed to is taken by a package the analysis sees.

// handledErrors returns the package-level errors ("pkg/path.Name") that
// code of the package tests for and then goes on without failing: a
// branch that returns nil, returns no error, or does not return; or a
// test that lets the error through (err != nil && !errors.Is(err, S)).
func handledErrors(pass *analysis.Pass) []string {
	var out []string
	for _, file := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(file.FileStart).Name(), "_test.go") {
			continue
		}
		errorTests(file, false, func(cond ast.Expr, branch []ast.Stmt, stack []ast.Node) {
			taken, passed := testedErrors(pass.TypesInfo, cond, false)
			out = appendNew(out, passed...)
			if takes(pass.TypesInfo, enclosing(pass.TypesInfo, stack), branch) {
				out = appendNew(out, taken...)
			}
		})
	}
	slices.Sort(out)
	return out
}

// errorTests calls f with each condition under root that may test an
// error (an if's, each expression of a case clause) and the branch it
// enters, with the nodes above it; function literals are left out when
// own is set, their code being theirs.
func errorTests(root ast.Node, own bool, f func(cond ast.Expr, branch []ast.Stmt, stack []ast.Node)) {
	ast.PreorderStack(root, nil, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return !own
		case *ast.IfStmt:
			f(n.Cond, n.Body.List, stack)
		case *ast.CaseClause:
			for _, e := range n.List {
				f(e, n.Body, stack)
			}
		}
		return true
	})
}

// appendNew appends to out the names it does not hold yet.
func appendNew(out []string, names ...string) []string {
	for _, n := range names {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// answeredErrors returns the package-level errors that fn's own code
// tests for and answers with a failure (if errors.Is(err,
// store.ErrDuplicate) { return fmt.Errorf("%w: taken", ErrConflict) }):
// a branch that does not go on, as takes decides; and those it tests
// for and leaves on without one (if errors.Is(err, store.ErrDuplicate)
// { return nil }): the duplicate says the work is done.
func answeredErrors(info *types.Info, fn *ssa.Function) (answered, left []string) {
	var body *ast.BlockStmt
	switch syn := fn.Syntax().(type) {
	case *ast.FuncDecl:
		body = syn.Body
	case *ast.FuncLit:
		body = syn.Body
	}
	if body == nil {
		return nil, nil
	}
	errorTests(body, true, func(cond ast.Expr, branch []ast.Stmt, _ []ast.Node) {
		taken, _ := testedErrors(info, cond, false)
		switch {
		case len(taken) == 0:
		case !takes(info, fn.Signature, branch):
			answered = appendNew(answered, taken...)
		case endsInReturn(branch):
			left = appendNew(left, taken...)
		}
	})
	return answered, left
}

// endsInReturn reports whether a branch's last statement is a return.
func endsInReturn(branch []ast.Stmt) bool {
	if len(branch) == 0 {
		return false
	}
	_, ok := branch[len(branch)-1].(*ast.ReturnStmt)
	return ok
}

// errorAnswers are what a function's code does with the errors it
// tests for (answeredErrors).
type errorAnswers struct{ answered, left []string }

// answeredBy is answeredErrors, once per function.
func (r *Result) answeredBy(fn *ssa.Function) errorAnswers {
	if a, ok := r.answered[fn]; ok {
		return a
	}
	if r.answered == nil {
		r.answered = map[*ssa.Function]errorAnswers{}
	}
	var a errorAnswers
	a.answered, a.left = answeredErrors(r.info, fn)
	r.answered[fn] = a
	return a
}

// testedErrors returns the package-level errors a condition tests for:
// those whose test holding enters the branch (errors.Is(err, S), err ==
// S), and those whose test holding skips it (!errors.Is(err, S)).
func testedErrors(info *types.Info, cond ast.Expr, negated bool) (taken, passed []string) {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return testedErrors(info, e.X, !negated)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			t1, p1 := testedErrors(info, e.X, negated)
			t2, p2 := testedErrors(info, e.Y, negated)
			return append(t1, t2...), append(p1, p2...)
		case token.EQL, token.NEQ:
			name := sentinelName(info, e.Y)
			if name == "" {
				name = sentinelName(info, e.X)
			}
			if name != "" {
				if negated != (e.Op == token.NEQ) {
					return nil, []string{name}
				}
				return []string{name}, nil
			}
		}
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(info, e).(*types.Func)
		if ok && catalog.FuncKey(fn) == "errors.Is" && len(e.Args) == 2 {
			if name := sentinelName(info, e.Args[1]); name != "" {
				if negated {
					return nil, []string{name}
				}
				return []string{name}, nil
			}
		}
	}
	return nil, nil
}

// sentinelName names a package-level error variable: "pkg/path.Name".
func sentinelName(info *types.Info, e ast.Expr) string {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return ""
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() || !effects.IsError(v.Type()) {
		return ""
	}
	return v.Pkg().Path() + "." + v.Name()
}

// takes reports whether a branch goes on without the error it tested:
// every return in it returns no error (nil, or what writing a response
// returns) from a function whose last result is an error, or, returning
// nowhere, it clears an error (err = nil) or continues a loop. A branch that only maps the error to a status code
// (code = http.StatusConflict) does not take it.
func takes(info *types.Info, sig *types.Signature, body []ast.Stmt) bool {
	returns, failing, clears := 0, 0, false
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				returns++
				if len(n.Results) > 0 && isFailure(info, n.Results[len(n.Results)-1]) {
					failing++
				}
			case *ast.AssignStmt:
				for _, r := range n.Rhs {
					if id, ok := r.(*ast.Ident); ok && id.Name == "nil" && info.Uses[id] == types.Universe.Lookup("nil") {
						clears = true
					}
				}
			case *ast.BranchStmt:
				clears = clears || n.Tok == token.CONTINUE
			}
			return true
		})
	}
	if returns > 0 && returnsError(sig) {
		return failing == 0
	}
	return clears
}

// enclosing returns the signature of the innermost function of stack.
func enclosing(info *types.Info, stack []ast.Node) *types.Signature {
	for i := len(stack) - 1; i >= 0; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncDecl:
			if obj, ok := info.Defs[f.Name].(*types.Func); ok {
				return obj.Signature()
			}
			return nil
		case *ast.FuncLit:
			sig, _ := info.TypeOf(f).(*types.Signature)
			return sig
		}
	}
	return nil
}

// returnsError reports whether a function's last result is an error: its
// returns say whether it goes on (a status code returned for an error
// is the error's mapping, not its handling).
func returnsError(sig *types.Signature) bool {
	return sig != nil && sig.Results().Len() > 0 && types.Identical(sig.Results().At(sig.Results().Len()-1).Type(), types.Universe.Lookup("error").Type())
}

// isFailure reports whether e is an error that is not nil: a variable
// of error type (the error tested, a sentinel) or a new error.
func isFailure(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		return ok && effects.IsError(v.Type()) && e.Name != "nil"
	case *ast.SelectorExpr:
		return sentinelName(info, e) != ""
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(info, e).(*types.Func)
		return ok && catalog.IsErrorConstructor(fn)
	}
	return false
}

// HandledErrors is a package fact: the package-level errors the
// package's code takes (handledErrors).
type HandledErrors struct {
	Names []string
}

func (*HandledErrors) AFact() {}

func (h *HandledErrors) String() string { return "handles(" + strings.Join(h.Names, ", ") + ")" }

// takenErrors returns the errors that the package and the packages whose
// facts it sees take (its own fact among them).
func takenErrors(pass *analysis.Pass) map[string]bool {
	out := map[string]bool{}
	for _, f := range pass.AllPackageFacts() {
		if h, ok := f.Fact.(*HandledErrors); ok {
			for _, n := range h.Names {
				out[n] = true
			}
		}
	}
	return out
}

// absorbRenamed marks the statements whose duplicate is renamed to an
// error that taken holds as handled.
func absorbRenamed(stmts []valueflow.SQLStmt, taken map[string]bool) {
	for i := range stmts {
		if !stmts[i].Absorbed && slices.ContainsFunc(stmts[i].Renamed, func(n string) bool { return taken[n] }) {
			stmts[i].Absorbed, stmts[i].AbsorbedByName = true, true
		}
	}
}

// takes reports whether a function that tests for a unique violation
// handles the duplicate: it takes it, or renames it to an error that
// code the package sees takes.
func (r *Result) takes(u effects.UniqueHandling) bool {
	return u.Handles || slices.ContainsFunc(u.Sentinels, func(n string) bool { return r.taken[n] })
}

// TakesDuplicate reports whether fn handles a unique violation of its
// statements (takes).
func (r *Result) TakesDuplicate(fn *ssa.Function) bool {
	return r.takes(r.errorFuncs.UniqueOf(fn))
}

// ErrorHelpers is a package fact: the package's functions, by FuncKey,
// that test an error for a unique violation and answer with a bool
// (effects.IsUniquePredicate) and those that make an error on every call
// (effects.IsErrorConstructor), for callers in other packages: if
// db.IsUniqueViolation(err) { return domain.Conflict("taken") }.
type ErrorHelpers struct {
	Predicates, Constructors []string
}

func (*ErrorHelpers) AFact() {}

func (e *ErrorHelpers) String() string {
	return "unique(" + strings.Join(e.Predicates, ", ") + ") errors(" + strings.Join(e.Constructors, ", ") + ")"
}

// exportErrorHelpers exports the package's unique-violation predicates
// and error constructors: the top-level functions that answer with a
// bool and whose text names a unique violation's code or an ORM's
// duplicate-key error, confirmed on their SSA form (built only for a
// package that has one), and those that answer with an error made in
// each return, read from the syntax alone.
func exportErrorHelpers(pass *analysis.Pass, s *lazyssa.SSA) {
	var fact ErrorHelpers
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Recv != nil || decl.Body == nil || !namesUnique(pass.TypesInfo, decl.Body) {
				continue
			}
			if obj, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
				if fn := s.Func(obj); fn != nil && effects.IsUniquePredicate(fn) {
					fact.Predicates = append(fact.Predicates, catalog.FuncKey(obj))
				}
			}
		}
	}
	for _, obj := range errorConstructors(pass) {
		fact.Constructors = append(fact.Constructors, catalog.FuncKey(obj))
	}
	if len(fact.Predicates)+len(fact.Constructors) > 0 {
		pass.ExportPackageFact(&fact)
	}
}

// errorConstructors returns the package's top-level functions of one
// error result that make the error in each return: a pointer to a
// composite literal (return &Error{Kind: KindConflict, Msg: msg}), or a
// call of an error constructor, of the catalog's (fmt.Errorf) or of the
// package's.
func errorConstructors(pass *analysis.Pass) []*types.Func {
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok && decl.Recv == nil && decl.Body != nil && onlyError(pass.TypesInfo, decl) {
				decls = append(decls, decl)
			}
		}
	}
	made := map[*types.Func]bool{}
	for changed := true; changed; {
		changed = false
		for _, decl := range decls {
			obj := pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if !made[obj] && returnsMade(pass.TypesInfo, decl, made) {
				made[obj], changed = true, true
			}
		}
	}
	var out []*types.Func
	for _, decl := range decls {
		if obj := pass.TypesInfo.Defs[decl.Name].(*types.Func); made[obj] {
			out = append(out, obj)
		}
	}
	return out
}

// onlyError reports whether decl declares a function of one result, an
// error.
func onlyError(info *types.Info, decl *ast.FuncDecl) bool {
	obj, ok := info.Defs[decl.Name].(*types.Func)
	if !ok {
		return false
	}
	sig := obj.Type().(*types.Signature)
	return sig.Results().Len() == 1 && returnsError(sig)
}

// returnsMade reports whether every return of decl returns an error
// made there: a pointer to a composite literal, or a call of an error
// constructor, the catalog's or one of made.
func returnsMade(info *types.Info, decl *ast.FuncDecl, made map[*types.Func]bool) bool {
	returns, ok := 0, true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns++
			ok = ok && len(n.Results) == 1 && madeError(info, n.Results[0], made)
			return false
		}
		return ok
	})
	return ok && returns > 0
}

// madeError reports whether e makes an error: &Error{...}, or a call of
// an error constructor.
func madeError(info *types.Info, e ast.Expr, made map[*types.Func]bool) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		_, lit := e.X.(*ast.CompositeLit)
		return lit && e.Op == token.AND
	case *ast.CallExpr:
		callee, ok := typeutil.Callee(info, e).(*types.Func)
		return ok && (catalog.IsErrorConstructor(callee) || made[callee])
	}
	return false
}

// errorFuncs returns the unique-violation predicates and error
// constructors of the packages whose facts the package sees.
func errorFuncs(pass *analysis.Pass) *effects.ErrorFuncs {
	out := &effects.ErrorFuncs{Predicates: map[string]bool{}, Constructors: map[string]bool{}}
	for _, f := range pass.AllPackageFacts() {
		if e, ok := f.Fact.(*ErrorHelpers); ok {
			for _, n := range e.Predicates {
				out.Predicates[n] = true
			}
			for _, n := range e.Constructors {
				out.Constructors[n] = true
			}
		}
	}
	return out
}

// namesUnique reports whether body names a unique violation's code
// ("23505", 1062) or an ORM's duplicate-key error (gorm.ErrDuplicatedKey).
func namesUnique(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if tv, ok := info.Types[n]; ok && tv.Value != nil && catalog.IsUniqueViolation(tv.Value) {
				found = true
			}
		case *ast.Ident:
			if catalog.IsDuplicateKeyErr(n.Name) {
				found = true
			}
		}
		return !found
	})
	return found
}
