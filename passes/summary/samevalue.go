package summary

import (
	"go/token"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// maxSame bounds how far sameOnRetry follows a value.
const maxSame = 12

// stableArgs lists the arguments of call, a wired call whose results
// decide whether the path goes on, that are the same on every delivery
// of the work (sameOnRetry): whole, or a field of a struct built in
// place for it. An implementation that inserts a row under them with no
// conflict handling fails the retry there (a refund under the provider's
// refund ID, decoded from the event), before what the path does next.
func stableArgs(cat *catalog.Catalog, call ssa.CallInstruction) []valueflow.ArgSource {
	var out []valueflow.ArgSource
	for i, a := range call.Common().Args {
		if catalog.TypeKey(a.Type()) == "context.Context" {
			continue
		}
		if sameOnRetry(cat, a, 0) {
			out = append(out, valueflow.ArgSource{Param: i})
			continue
		}
		stores, _ := valueflow.FieldStores(a)
		for _, field := range slices.Sorted(maps.Keys(stores)) {
			if !slices.ContainsFunc(stores[field], func(v ssa.Value) bool { return !sameOnRetry(cat, v, 0) }) {
				out = append(out, valueflow.ArgSource{Param: i, Path: "." + field})
			}
		}
	}
	return out
}

// sameOnRetry reports whether v is the same on every delivery of the
// work: a constant; a parameter, other than a receiver or a context, of
// its function or of one it is a literal of; what is read from one, or
// converted, joined or derived (derivedFrom) from such values; a local
// every write of which stores such a value, or that a catalogued
// decoder fills from one (json.Unmarshal(ev.Data.Raw, &rf)).
func sameOnRetry(cat *catalog.Catalog, v ssa.Value, depth int) bool {
	if v == nil || depth > maxSame {
		return false
	}
	next := func(u ssa.Value) bool { return sameOnRetry(cat, u, depth+1) }
	switch x := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.Parameter:
		recv := x.Parent().Signature.Recv() != nil && x == x.Parent().Params[0]
		return !recv && catalog.TypeKey(x.Type()) != "context.Context"
	case *ssa.FreeVar:
		if b := valueflow.Binding(x); b != nil {
			return next(b)
		}
	case *ssa.Alloc:
		return writesSame(cat, x, depth+1)
	case *ssa.UnOp:
		return x.Op != token.ARROW && next(x.X)
	case *ssa.FieldAddr, *ssa.Field, *ssa.Extract, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface, *ssa.Slice:
		return next(readFrom(x))
	case *ssa.IndexAddr:
		return next(x.X) && next(x.Index)
	case *ssa.Index:
		return next(x.X) && next(x.Index)
	case *ssa.BinOp:
		return next(x.X) && next(x.Y)
	case *ssa.Phi:
		return !slices.ContainsFunc(x.Edges, func(e ssa.Value) bool { return !next(e) })
	case *ssa.Call:
		if w := derivedFrom(cat, x, 0); w != nil {
			return next(w)
		}
		return readsOnly(x) && !slices.ContainsFunc(x.Call.Args, func(a ssa.Value) bool { return !next(a) })
	}
	return false
}

// readFrom returns the one value v reads, loads or converts, for the
// instructions that carry a value on unchanged in what it identifies.
func readFrom(v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.UnOp:
		return x.X
	case *ssa.FieldAddr:
		return x.X
	case *ssa.Field:
		return x.X
	case *ssa.Extract:
		return x.Tuple
	case *ssa.ChangeType:
		return x.X
	case *ssa.Convert:
		return x.X
	case *ssa.MakeInterface:
		return x.X
	case *ssa.Slice:
		return x.X
	}
	return nil
}

// readsOnly reports whether call computes its result from its
// arguments alone: a function of the packages that convert and format
// values (strconv.Itoa, strings.ToLower, fmt.Sprintf), or a method of
// another package called on a value (ev.GetID(), id.String()).
func readsOnly(call *ssa.Call) bool {
	if call.Call.IsInvoke() {
		return false
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil {
		return false
	}
	if formatPkgs[fn.Pkg.Pkg.Path()] {
		return true
	}
	return fn.Signature.Recv() != nil && fn.Pkg != call.Parent().Pkg && len(call.Call.Args) > 0
}

// formatPkgs are the packages whose functions convert or format the
// values they are given and read nothing else.
var formatPkgs = map[string]bool{"strconv": true, "strings": true, "fmt": true, "bytes": true, "path": true}

// writesSame reports whether every write of the variable at addr (a
// local, or a closure's captured variable) stores a value the same on
// every delivery; a call handed its address writes something unknown
// unless it is a decoder filling it from such a value.
func writesSame(cat *catalog.Catalog, addr ssa.Value, depth int) bool {
	if depth > maxSame {
		return false
	}
	for _, r := range *addr.Referrers() {
		switch u := r.(type) {
		case *ssa.Store:
			if u.Addr == addr && !sameOnRetry(cat, u.Val, depth+1) {
				return false
			}
		case *ssa.FieldAddr:
			if !writesSame(cat, u, depth+1) {
				return false
			}
		case *ssa.IndexAddr:
			if !writesSame(cat, u, depth+1) {
				return false
			}
		case *ssa.UnOp, *ssa.DebugRef:
		case *ssa.MakeClosure:
			for i, b := range u.Bindings {
				if b == addr && !writesSame(cat, u.Fn.(*ssa.Function).FreeVars[i], depth+1) {
					return false
				}
			}
		case *ssa.MakeInterface:
			for _, c := range *u.Referrers() {
				if !decodesSame(cat, c, addr, depth) {
					return false
				}
			}
		case *ssa.Call:
			if !decodesSame(cat, u, addr, depth) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// decodesSame reports whether instr, a use of out (a variable's
// address), is a catalogued decoder's call that fills out from a value
// the same on every delivery.
func decodesSame(cat *catalog.Catalog, instr ssa.Instruction, out ssa.Value, depth int) bool {
	data := decodedFrom(cat, instr, out)
	return data != nil && sameOnRetry(cat, data, depth+1)
}

// decodedFrom returns what instr, a call of a catalogued decoder that
// fills out (json.Unmarshal(data, &out)), decodes; nil for any other
// instruction.
func decodedFrom(cat *catalog.Catalog, instr ssa.Instruction, out ssa.Value) ssa.Value {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return nil
	}
	fn := valueflow.Callee(&call.Call)
	if fn == nil {
		return nil
	}
	dec, ok := cat.Decoder(fn)
	args := call.Call.Args
	if !ok || dec.Out >= len(args) || dec.Data >= len(args) || valueflow.Unwrap(args[dec.Out]) != out {
		return nil
	}
	return args[dec.Data]
}
