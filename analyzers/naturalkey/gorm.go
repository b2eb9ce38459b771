package naturalkey

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes/retried"
	"github.com/idemlint/idemlint/passes/summary"
)

// checkModel reports a gorm Create (or Save) of a model whose primary key
// holds an operation key, when the statement has no Clauses (gorm's
// clause.OnConflict) on its chain.
// others is set when the function makes other durable writes: a fix
// that ignores the duplicate must then also stop them, which only a
// test of the Create's RowsAffected can.
func (c *checker) checkModel(call ssa.CallInstruction, others bool) {
	fn := valueflow.Callee(call.Common())
	if fn == nil {
		return
	}
	m, ok := c.cat.Model(fn)
	if !ok || catalog.IsORMUpsert(fn) || call.Common().IsInvoke() || m+1 >= len(call.Common().Args) || effects.HasClauses(call.Common().Args[0]) {
		return // Save and FirstOrCreate absorb a duplicate themselves
	}
	path, ok := c.res.Retried.On(call)
	if !ok || c.res.InTestFile(call.Pos()) {
		return
	}
	model := call.Common().Args[m+1]
	if mi, ok := model.(*ssa.MakeInterface); ok {
		model = mi.X
	}
	alloc, ok := model.(*ssa.Alloc)
	if !ok {
		return
	}
	named, ok := types.Unalias(alloc.Type().(*types.Pointer).Elem()).(*types.Named)
	if !ok {
		return
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return
	}
	table := effects.ModelTable(call.Parent().Prog, named)
	for i := 0; i < st.NumFields(); i++ {
		if !isPrimaryKey(st.Field(i), st.Tag(i)) || summary.HookMade(alloc, st.Field(i).Name(), call) {
			continue // a hook's fresh ID is freshid's
		}
		k := c.fieldKey(alloc, i, path.Via, 0)
		if k.fresh || k.what == "" && !k.caller {
			continue
		}
		what := k.what
		if what == "" {
			what = "the caller-known " + st.Field(i).Name()
		}
		c.reportModel(call, table, st.Field(i).Name(), what, path, others && !readsRowsAffected(call))
		return
	}
	if field, key := c.callerModelKey(alloc, st, table, path); key != nil {
		// A key of the schema beside a fresh primary key (an
		// acknowledgement's UNIQUE control number from the input):
		// another request's row may hold it, so no fix absorbs it.
		c.rep.Report(analysis.Diagnostic{
			Pos: c.res.CallStart(call.Pos()),
			Message: fmt.Sprintf("a retry creates the row for the same %s again, which fails or duplicates it: the Create into %s has no conflict handling for the caller-known %s (%s); add Clauses(clause.OnConflict{DoNothing: true}) and handle the existing row, answering a row another request made as the conflict it is",
				field, table, catalog.KeyName(key), path.Root.Describe()),
		})
	}
}

// callerModelKey returns a field of the model, and the key of the
// schema it is part of, whose every column the model fills with a value
// its caller knows (CallerKey), or nil.
func (c *checker) callerModelKey(alloc *ssa.Alloc, st *types.Struct, table string, path *retried.Path) (string, []string) {
	known := map[string]bool{}
	cols := make([]string, st.NumFields())
	for i := range st.NumFields() {
		cols[i] = strings.ToLower(valueflow.ModelColumn(st.Field(i), st.Tag(i)))
		k := c.fieldKey(alloc, i, path.Via, 0)
		// What a call answers (a refund's ID from the provider's
		// call) is not the caller's to know: a retry's call may
		// answer anew.
		known[cols[i]] = !k.fresh && (k.caller && !k.answered || k.what != "")
	}
	isKnown := func(col string) bool { return known[col] }
	for i := range st.NumFields() {
		if !known[cols[i]] {
			continue
		}
		if key := c.cat.CallerKey(table, cols[i], isKnown); key != nil {
			return st.Field(i).Name(), key
		}
	}
	return "", nil
}

// isPrimaryKey reports whether a model field is gorm's primary key.
func isPrimaryKey(f *types.Var, tag string) bool {
	return catalog.IsGormPrimaryKey(f.Name(), reflect.StructTag(tag).Get("gorm"))
}

func (c *checker) reportModel(call ssa.CallInstruction, table, field, what string, path *retried.Path, unchecked bool) {
	d := analysis.Diagnostic{
		Pos: c.res.CallStart(call.Pos()),
		Message: fmt.Sprintf("a retry creates the row for the same %s again, which fails or duplicates it: the Create into %s has no conflict handling for %s (%s)",
			field, table, what, path.Root.Describe()),
	}
	switch f := c.clausesFix(call); {
	case unchecked:
		// Ignoring the duplicate alone would let the function's other
		// writes run again on the retry.
		d.Message += "; add Clauses(clause.OnConflict{DoNothing: true}) and stop when its RowsAffected is 0"
	case f != nil:
		d.SuggestedFixes = []analysis.SuggestedFix{*f}
	default:
		d.Message += "; add Clauses(clause.OnConflict{DoNothing: true}) and handle the existing row"
	}
	c.rep.Report(d)
}

// readsRowsAffected reports whether the code reads the RowsAffected of
// the *gorm.DB a Create returns.
func readsRowsAffected(call ssa.CallInstruction) bool {
	v, ok := call.(*ssa.Call)
	if !ok {
		return false
	}
	for _, r := range *v.Referrers() {
		if fa, ok := r.(*ssa.FieldAddr); ok && valueflow.FieldName(fa.X.Type(), fa.Field) == "RowsAffected" {
			return true
		}
	}
	return false
}

// clausesFix adds Clauses(clause.OnConflict{DoNothing: true}) before the
// Create: the insert becomes INSERT ... ON CONFLICT DO NOTHING.
func (c *checker) clausesFix(call ssa.CallInstruction) *analysis.SuggestedFix {
	file := fix.FileOf(c.pass, call.Pos())
	expr := fix.CallAt(file, call.Pos())
	if expr == nil {
		return nil
	}
	sel, ok := expr.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	clausePkg, clause, ok := catalog.ConflictClause(valueflow.Callee(call.Common()))
	if !ok {
		return nil
	}
	name := fix.ImportName(c.pass.Pkg, file, clausePkg)
	edits := []analysis.TextEdit{}
	if name == "" {
		name = "clause"
		edits = append(edits, fix.AddImport(file, clausePkg)...)
	}
	edits = append(edits, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.Pos(),
		NewText: []byte("Clauses(" + name + "." + clause + ")."),
	})
	return &analysis.SuggestedFix{Message: "Create with ON CONFLICT DO NOTHING", TextEdits: edits}
}
