package summary

import (
	"slices"

	"github.com/idemlint/idemlint/internal/valueflow"
)

// A package that registers handlers into another package's dispatcher
// (dispatch.Register(d, "GATE_IN", h)) does not know whether a retried
// path runs them: the consumer loop that calls the dispatcher, often
// through an interface of its own package, is in a third package that
// neither imports. Such a package lists what its handlers run as roots
// that await the dispatcher's methods (PendingRoot.Awaits). The
// composition root keeps those a live root reaches: a root whose wired
// calls, followed into the implementations the program links, run one
// of the methods awaited. Each kept one is named after the root that
// reaches it.

// maxAwaitDepth bounds the wired calls followed from a root to the
// dispatcher it reaches, as expand bounds the lists it puts together.
const maxAwaitDepth = 4

// settleAwaiting returns pending with the roots and calls that await
// the program kept where a live root reaches what they await, renamed
// after it, and dropped elsewhere.
func (p *program) settleAwaiting(pending []*valueflow.Pending) []*valueflow.Pending {
	awaits := false
	for _, pend := range pending {
		awaits = awaits || slices.ContainsFunc(pend.Roots, func(r valueflow.PendingRoot) bool { return len(r.Awaits) > 0 }) ||
			slices.ContainsFunc(pend.Calls, func(c valueflow.PendingCall) bool { return len(c.Awaits) > 0 })
	}
	if !awaits {
		return pending
	}
	reached := map[string]string{} // a function's full name -> the live root that reaches it
	live := map[string]string{}    // an awaiting root -> its name once live
	var visit func(root string, list []valueflow.SQLStmt, depth int)
	reach := func(root string, call valueflow.WiredCall, depth int) {
		for _, im := range p.implementations(call) {
			name := im.fn.FullName()
			if _, ok := reached[name]; ok {
				continue
			}
			reached[name] = root
			if s := p.summary(im.fn); s != nil && depth < maxAwaitDepth {
				visit(root, s.Stmts, depth+1)
			}
		}
	}
	visit = func(root string, list []valueflow.SQLStmt, depth int) {
		for _, st := range list {
			if st.Wired != nil {
				reach(root, st.Wired.Call, depth)
			}
		}
	}
	// Rounds: a root made live may reach another dispatcher.
	for round := 0; round < maxAwaitDepth; round++ {
		for _, pend := range pending {
			for _, pr := range pend.Roots {
				if name, ok := liveName(pr.Root, pr.Awaits, live, reached); ok {
					visit(name, pr.Stmts, 0)
				}
			}
			for _, pc := range pend.Calls {
				if name, ok := liveName(pc.Root, pc.Awaits, live, reached); ok {
					reach(name, pc.Call, 0)
				}
			}
		}
	}
	out := make([]*valueflow.Pending, 0, len(pending))
	for _, pend := range pending {
		cp := *pend
		cp.Roots, cp.Calls = nil, nil
		for _, pr := range pend.Roots {
			if name, ok := liveName(pr.Root, pr.Awaits, live, reached); ok {
				pr.Root, pr.Awaits = name, nil
				cp.Roots = append(cp.Roots, pr)
			}
		}
		for _, pc := range pend.Calls {
			if name, ok := liveName(pc.Root, pc.Awaits, live, reached); ok {
				pc.Root, pc.Awaits = name, nil
				cp.Calls = append(cp.Calls, pc)
			}
		}
		out = append(out, &cp)
	}
	return out
}

// liveName returns the name a root goes by where the program runs it:
// its own, unless it awaits functions, and then that of the live root
// that reaches one of them, with its own after it; ok is false while
// no live root reaches any.
func liveName(root string, awaits []string, live, reached map[string]string) (string, bool) {
	if len(awaits) == 0 {
		return root, true
	}
	if name, ok := live[root]; ok {
		return name, true
	}
	for _, fn := range awaits {
		if by, ok := reached[fn]; ok {
			live[root] = by + ", through " + root
			return live[root], true
		}
	}
	return "", false
}
