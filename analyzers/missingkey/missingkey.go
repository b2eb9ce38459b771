package missingkey

import (
	_ "embed"
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/analyzers/internal/check"
	"github.com/idemlint/idemlint/analyzers/internal/slotfix"
	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes"
	"github.com/idemlint/idemlint/passes/retried"
	"github.com/idemlint/idemlint/passes/summary"
)

//go:embed doc.go
var doc string

// Meta is the check's record.
var Meta = report.Meta{
	Name:     "missingkey",
	Code:     "IDEM002",
	Title:    "report non-idempotent external calls without a key",
	Default:  true,
	Severity: "warning",
}

// Analyzer is missingkey with the default configuration.
var Analyzer = New(passes.Default())

// New returns missingkey for the run whose shared passes are ps.
func New(ps *passes.Set) *analysis.Analyzer {
	return check.New(ps, Meta, doc, func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter) {
		c := &checker{pass: pass, res: res, rep: rep, seen: map[string]bool{}}
		c.localCalls()
		c.importedCalls()
	}, func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter) {
		c := &checker{pass: pass, res: res, rep: rep, seen: map[string]bool{}}
		c.programCalls()
	})
}

type checker struct {
	pass *analysis.Pass
	res  *summary.Result
	rep  *report.Reporter
	seen map[string]bool
}

// localCalls reports the external calls of this package without a key.
func (c *checker) localCalls() {
	for _, e := range c.res.MissingKeys() {
		desc, related := c.rootOf(e)
		if desc == "" {
			continue
		}
		header := c.res.Env.Catalog.KeyHeader()
		d := analysis.Diagnostic{
			Pos:     c.res.CallStart(e.Instr.Pos()),
			Message: fmt.Sprintf("%s (%s)", consequence(summary.KeylessOf(e), header), desc),
			Related: related,
		}
		if f := slotfix.Fix(c.pass, c.res, e); f != nil {
			d.SuggestedFixes = []analysis.SuggestedFix{*f}
		} else {
			d.Message += c.advice(summary.KeylessOf(e), desc)
		}
		c.rep.Report(d)
	}
}

// rootOf says why a call is retried: a root reaches it, or its client
// retries it.
func (c *checker) rootOf(e *effects.Call) (string, []analysis.RelatedInformation) {
	if path, ok := c.res.Retried.On(e.Instr); ok {
		return path.Root.Describe(), check.Chain(path)
	}
	if summary.SelfRetrying(e) {
		return "go-retryablehttp retries the request itself", nil
	}
	return "", nil
}

// importedCalls reports, at the first call of the chain in this package,
// the calls without a key in helpers of other packages that a root here
// reaches.
func (c *checker) importedCalls() {
	for _, fn := range c.res.SrcFuncs() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				path, ok := c.res.Retried.On(instr)
				if !ok || c.res.InTestFile(instr.Pos()) {
					continue
				}
				for _, d := range summary.ImportedDefects(c.res, instr, valueflow.KeylessEffect) {
					if toOwnRoute(instr, d) {
						continue
					}
					c.reportImported(c.res.CallStart(instr.Pos()), path, d, nil)
				}
				if call, ok := instr.(ssa.CallInstruction); ok {
					for _, d := range summary.ImportedKeyless(c.res, call) {
						c.reportImported(c.res.CallStart(instr.Pos()), path, d, call)
					}
				}
			}
		}
	}
	// Roots registered here from another package (a Temporal worker
	// registering the activities of a package of their own).
	for _, r := range c.res.Retried.Roots() {
		if r.Extern == nil {
			continue
		}
		if s := c.res.Imported(r.Extern); s != nil {
			for _, d := range s.Defects {
				if d.Kind == valueflow.KeylessEffect && !d.Reported {
					c.reportImported(r.Pos, &retried.Path{Root: r}, d, nil)
				}
			}
		}
	}
}

// toOwnRoute reports whether a helper's call without a key goes, from
// this call, to one of the program's own routes (the address argument is
// built by the program's router, and the handler it reaches is a root of
// its own), or sends a body this call gives with a field for the key.
func toOwnRoute(instr ssa.Instruction, d valueflow.Defect) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	args := call.Common().Args
	return d.AddressArg > 0 && d.AddressArg-1 < len(args) && effects.OwnRoute(args[d.AddressArg-1]) ||
		d.BodyArg > 0 && d.BodyArg-1 < len(args) && effects.KeyedBody(args[d.BodyArg-1])
}

// reportImported reports a helper's call without a key at pos. A
// defect of the helper's own is reported once; one that the arguments of
// call make (an empty key, options that set none) at each call, with the
// option that sets the key when the helper's package has one.
func (c *checker) reportImported(pos token.Pos, path *retried.Path, d valueflow.Defect, call ssa.CallInstruction) {
	seen := d.Origin.At.String()
	if call != nil {
		seen += "@" + c.pass.Fset.Position(pos).String()
	}
	if c.seen[seen] {
		return
	}
	c.seen[seen] = true
	diag := analysis.Diagnostic{Pos: pos, Related: check.Chain(path)}
	for _, f := range d.Chain {
		if !f.Placed() {
			continue
		}
		diag.Related = append(diag.Related, analysis.RelatedInformation{Pos: pos, Message: "via " + f.String()})
	}
	diag.Message = fmt.Sprintf("%s: %s() in %s (%s)", consequence(d.Keyless, c.res.Env.Catalog.KeyHeader()), d.Origin.Call, d.Origin.At, path.Root.Describe())
	if call != nil && d.Keyless.Option != "" {
		if f := slotfix.Option(c.pass, c.res, call.Parent(), call.Pos(), d.Keyless.Option); f != nil {
			diag.SuggestedFixes = []analysis.SuggestedFix{*f}
			c.rep.Report(diag)
			return
		}
	}
	if call != nil && d.KeyPath != "" && !valueflow.IsOptionsPath(d.KeyPath) {
		arg := d.KeyArg
		if !call.Common().IsInvoke() && call.Common().Signature().Recv() != nil {
			arg-- // the receiver is no argument in the syntax
		}
		if f := slotfix.LiteralField(c.pass, c.res, call.Parent(), call.Pos(), arg, d.KeyPath); f != nil {
			diag.SuggestedFixes = []analysis.SuggestedFix{*f}
			c.rep.Report(diag)
			return
		}
	}
	diag.Message += c.advice(d.Keyless, path.Root.Describe())
	c.rep.Report(diag)
}

// programCalls reports, in a composition root, the calls without a key
// that retried paths of the packages it links reach through wired
// interface calls: at the call, or where main wires the handlers when
// the driver analyses one package at a time.
func (c *checker) programCalls() {
	header := c.res.Catalog.KeyHeader()
	var m check.Merger
	for _, d := range summary.FixedFirst(c.res.Program) {
		// A call a helper makes is one finding for a root, whether it
		// is seen at the helper's call or at the call itself (Sink).
		sink, site := d.Root+" "+d.Sink.At.String(), d.Origin.At.String()
		if d.Kind != valueflow.KeylessEffect || c.seen[sink] || c.seen[site] && !m.Seen(site) {
			continue // a root's own, or one the package reported
		}
		p, ok := check.Place(Meta, d)
		if !ok {
			continue
		}
		c.seen[sink], c.seen[site] = true, true
		if m.Seen(site) {
			// Another root reaches the same call: one finding, which
			// names every root's way to it.
			m.Also(site, d.Root, p)
			continue
		}
		diag := analysis.Diagnostic{Pos: p.Pos, Message: fmt.Sprintf("%s (%s)", consequence(d.Keyless, header), d.Root), Related: p.Related}
		if p.Wired {
			diag.Message = fmt.Sprintf("%s: %s() in %s (%s, wired here)", consequence(d.Keyless, header), d.Origin.Call, d.Origin.At, d.Root)
		}
		// The fix the call's package prepared, filling the slot from the
		// key the roots put in the context; not at the wiring.
		if f := d.SuggestedFix(c.pass.Fset); f != nil && !p.Wired {
			diag.SuggestedFixes = []analysis.SuggestedFix{*f}
		} else {
			diag.Message += c.advice(d.Keyless, d.Root)
		}
		m.Add(site, d.Root, diag)
	}
	m.Report(c.rep)
}

// advice tells, for a finding without a fix, what to fill the slot
// with: the root's operation key, handed down to the call.
func (c *checker) advice(k valueflow.Keyless, root string) string {
	slot := "its idempotency key"
	switch k.Slot {
	case catalog.RequestHeader:
		slot = "the " + c.res.Catalog.KeyHeader() + " header"
	case catalog.InputField:
		slot = k.Field
	case catalog.PubOption:
		slot = "the message ID"
	}
	if k.Option != "" {
		return "; pass " + k.Option[strings.LastIndex(k.Option, "/")+1:] + " with " + c.res.Catalog.KeyPlace(root) + ", passed down to the call"
	}
	return "; set " + slot + " from " + c.res.Catalog.KeyPlace(root) + ", passed down to the call"
}

// consequence says what a retry of a call without a key does.
func consequence(k valueflow.Keyless, header string) string {
	what := k.What
	if k.Method != "" && strings.HasPrefix(what, "HTTP") {
		what = "HTTP " + k.Method
	} else if k.Method != "" {
		what = strings.Replace(what, "request", k.Method, 1)
	}
	switch k.Slot {
	case catalog.RequestHeader:
		return fmt.Sprintf("a retry repeats the %s: the request carries no %s header", what, header)
	case catalog.InputField:
		return fmt.Sprintf("a retry repeats the %s: the input sets no %s", what, k.Field)
	case catalog.PubOption:
		return fmt.Sprintf("a retry publishes the message again: the %s carries no message ID", what)
	}
	return fmt.Sprintf("a retry repeats the %s: the call carries no idempotency key", what)
}
