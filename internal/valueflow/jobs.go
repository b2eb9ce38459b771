package valueflow

import (
	"go/constant"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
)

// jobArg decides whether a fresh value in the arguments of a job a queue
// inserts becomes the job's unique key: the job is unique by its
// arguments, and the field that holds the value is one of those the key
// is made of. A retry then inserts a second job where the queue would
// have skipped the first one's repeat.
func (t *tracer) jobArg(instr ssa.CallInstruction, fn *types.Func, ins catalog.JobInsert, n node) {
	path := strings.TrimPrefix(strings.TrimPrefix(n.path, "*"), ".")
	field, _, _ := strings.Cut(path, ".")
	if field == "" || strings.ContainsAny(field, "[*") {
		return
	}
	c := instr.Common()
	mi, ok := c.Args[argAt(c, fn, ins.Args)].(*ssa.MakeInterface)
	if !ok {
		return
	}
	if !inUniqueArgs(mi.X.Type(), field) {
		return
	}
	var opts ssa.Value
	if ins.Opts >= 0 {
		opts = c.Args[argAt(c, fn, ins.Opts)]
	}
	if t.uniqueByArgs(instr.Parent().Prog, mi.X.Type(), opts) {
		t.hit(SinkInfo{Kind: SlotSink, What: "the job's unique argument " + field}, instr.Pos(), n.stack, nil)
	}
}

// argAt converts a catalog parameter index to the call's SSA argument.
func argAt(c *ssa.CallCommon, fn *types.Func, param int) int {
	if !c.IsInvoke() && fn.Type().(*types.Signature).Recv() != nil {
		return param + 1
	}
	return param
}

// inUniqueArgs reports whether a field of a job's arguments is part of
// their unique key: river takes every field, or, when some carry the
// `river:"unique"` tag, those alone.
func inUniqueArgs(t types.Type, field string) bool {
	s, ok := Deref(t).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	tagged, in := false, false
	for i := range s.NumFields() {
		if !uniqueTag(s.Tag(i)) {
			continue
		}
		tagged = true
		in = in || s.Field(i).Name() == field
	}
	return in || !tagged
}

func uniqueTag(tag string) bool {
	v, ok := reflect.StructTag(tag).Lookup("river")
	if !ok {
		return false
	}
	for opt := range strings.SplitSeq(v, ",") {
		if opt == "unique" {
			return true
		}
	}
	return false
}

// uniqueByArgs reports whether a job with arguments of type args inserted
// with opts is known to be unique by its arguments: the options built at
// the call, or else those of the arguments' InsertOpts method, set
// UniqueOpts.ByArgs. Options from elsewhere are not known, and not
// taken to be.
func (t *tracer) uniqueByArgs(prog *ssa.Program, args types.Type, opts ssa.Value) bool {
	if alloc, ok := Unwrap(opts).(*ssa.Alloc); ok {
		if setsByArgs(alloc.Parent()) {
			return true
		}
	}
	sel := prog.MethodSets.MethodSet(args).Lookup(nil, catalog.River.ArgsOpts)
	if sel == nil {
		return false
	}
	m := prog.MethodValue(sel)
	if m == nil {
		return false
	}
	if len(m.Blocks) == 0 {
		// Another package's type: its summary says.
		obj, ok := m.Object().(*types.Func)
		if !ok || t.env.Imported == nil {
			return false
		}
		s := t.env.Imported(obj)
		return s != nil && s.UniqueByArgs
	}
	return setsByArgs(m)
}

// setsByArgs reports whether fn stores true in the ByArgs of a queue's
// unique options.
func setsByArgs(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			fa, ok := st.Addr.(*ssa.FieldAddr)
			if !ok || catalog.TypeKey(Deref(fa.X.Type())) != catalog.River.UniqueOpts || FieldName(fa.X.Type(), fa.Field) != catalog.River.ByArgs {
				continue
			}
			if c, ok := st.Val.(*ssa.Const); ok && c.Value != nil && constant.BoolVal(c.Value) {
				return true
			}
		}
	}
	return false
}

// Deref returns what t points to, or t when it is no pointer.
func Deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}
