package report

import (
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// ChainStep is the message of the related information that marks a call
// on the path from a retried root to a finding.
const ChainStep = "called on the retried path"

// Chain is the related information that shows how a finding is reached:
// the retried root (described as "HTTP handler Create"), then each call
// from it on the way to the finding.
func Chain(root token.Pos, describe string, calls []token.Pos) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	if root.IsValid() {
		out = append(out, analysis.RelatedInformation{Pos: root, Message: "retried root: " + describe})
	}
	for _, pos := range calls {
		if !pos.IsValid() {
			continue // a call in a function SSA made up: nowhere to show
		}
		out = append(out, analysis.RelatedInformation{Pos: pos, Message: ChainStep})
	}
	return out
}
