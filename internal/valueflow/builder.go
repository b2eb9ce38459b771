package valueflow

import (
	"cmp"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
)

// A builderWrite is one write into a strings.Builder: the text it adds
// (a constant, a constant format with %s for its run-time parts, or
// %s), the arguments of its format, and whether every path to the
// builder's String call makes it.
type builderWrite struct {
	instr  ssa.Instruction
	text   string
	args   []ssa.Value
	always bool
}

// builderWrites returns the writes into the strings.Builder whose String
// method call v is, in the order the code makes them: fmt.Fprintf and
// fmt.Fprint into it, and its WriteString, WriteByte and WriteRune.
// False when the builder is handed anywhere else (a helper that writes
// into it), so that its text is not all here, or when a write that only
// some paths make comes before one they all make: a text whose middle
// is unknown.
func builderWrites(v ssa.Value) ([]builderWrite, bool) {
	call, ok := v.(*ssa.Call)
	if !ok || !isBuilderMethod(call.Call.StaticCallee(), "String") || len(call.Call.Args) != 1 {
		return nil, false
	}
	alloc, ok := call.Call.Args[0].(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	var writes []builderWrite
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.Call:
			fn := r.Call.StaticCallee()
			switch {
			case isBuilderMethod(fn, "WriteString") && len(r.Call.Args) == 2:
				text, ok := constString(r.Call.Args[1])
				if !ok {
					text = "%s"
				}
				writes = append(writes, builderWrite{instr: r, text: text})
			case isBuilderMethod(fn, "WriteByte"), isBuilderMethod(fn, "WriteRune"):
				writes = append(writes, builderWrite{instr: r, text: "%s"})
			case isBuilderMethod(fn, "String"), isBuilderMethod(fn, "Len"), isBuilderMethod(fn, "Grow"):
			default:
				return nil, false
			}
		case *ssa.MakeInterface:
			for _, u := range *r.Referrers() {
				if _, isRef := u.(*ssa.DebugRef); isRef {
					continue
				}
				w, ok := fprintWrite(u, r)
				if !ok {
					return nil, false
				}
				writes = append(writes, w)
			}
		case *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	at := call.Block()
	for i := range writes {
		b := writes[i].instr.Block()
		if b == at && instrIndex(writes[i].instr) > instrIndex(call) {
			return nil, false // written after the text is taken
		}
		writes[i].always = b.Dominates(at)
	}
	slices.SortStableFunc(writes, func(x, y builderWrite) int {
		if c := cmp.Compare(x.instr.Block().Index, y.instr.Block().Index); c != 0 {
			return c
		}
		return cmp.Compare(instrIndex(x.instr), instrIndex(y.instr))
	})
	optional := false
	for _, w := range writes {
		if w.always && optional {
			return nil, false
		}
		optional = optional || !w.always
	}
	return writes, len(writes) > 0
}

// fprintWrite returns the write that u, a use of the builder as an
// io.Writer, makes: fmt.Fprintf's constant format (%s for its run-time
// parts) or fmt.Fprint's unknown text.
func fprintWrite(u ssa.Instruction, w ssa.Value) (builderWrite, bool) {
	c, ok := u.(*ssa.Call)
	if !ok || len(c.Call.Args) < 2 || c.Call.Args[0] != w {
		return builderWrite{}, false
	}
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Object() == nil {
		return builderWrite{}, false
	}
	switch catalog.FuncKey(fn.Object().(*types.Func)) {
	case "fmt.Fprintf":
		format, ok := constString(c.Call.Args[1])
		if !ok {
			return builderWrite{}, false
		}
		var args []ssa.Value
		if len(c.Call.Args) > 2 {
			args = SliceElems(c.Call.Args[2])
		}
		return builderWrite{instr: c, text: percentS.Replace(format), args: args}, true
	case "fmt.Fprint":
		return builderWrite{instr: c, text: "%s"}, true
	}
	return builderWrite{}, false
}

// percentS turns a format's verbs into %s, the run-time part FormatOf
// marks.
var percentS = strings.NewReplacer("%d", "%s", "%v", "%s", "%q", "%s")

// isBuilderMethod reports whether fn is strings.Builder's method name.
func isBuilderMethod(fn *ssa.Function, name string) bool {
	if fn == nil || fn.Name() != name || fn.Signature.Recv() == nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && catalog.FuncKey(obj) == "(*strings.Builder)."+name
}

// instrIndex is i's index in its block.
func instrIndex(i ssa.Instruction) int {
	return slices.Index(i.Block().Instrs, i)
}

// builderFormat returns the text that every path to v, a builder's
// String call, writes into the builder (see builderWrites).
func builderFormat(v ssa.Value) (string, bool) {
	writes, ok := builderWrites(v)
	if !ok {
		return "", false
	}
	var b strings.Builder
	for _, w := range writes {
		if w.always {
			b.WriteString(w.text)
		}
	}
	return b.String(), true
}

// OptionalText returns the texts that only some paths to v, a builder's
// String call, write into the builder, after all that every path
// writes: a conflict clause an option adds to an INSERT.
func OptionalText(v ssa.Value) []string {
	writes, _ := builderWrites(v)
	var out []string
	for _, w := range writes {
		if !w.always {
			out = append(out, w.text)
		}
	}
	return out
}

// FormatArgs returns the arguments of the formats v is built from:
// fmt.Sprintf's, or the Fprintf calls' into a builder whose text v is.
func FormatArgs(v ssa.Value) []ssa.Value {
	if writes, ok := builderWrites(v); ok {
		var out []ssa.Value
		for _, w := range writes {
			out = append(out, w.args...)
		}
		return out
	}
	if c, ok := v.(*ssa.Call); ok && len(c.Call.Args) > 1 {
		if fn := c.Call.StaticCallee(); fn != nil && fn.Object() != nil && catalog.FuncKey(fn.Object().(*types.Func)) == "fmt.Sprintf" {
			return SliceElems(c.Call.Args[1])
		}
	}
	return nil
}
