package authz

import (
	"slices"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
)

// Rule inspects an authorization request and returns a decline reason, or
// "" to let the request through.
type Rule func(card domain.Card, req Request, held bool) string

// DefaultRules is the decision table applied in order; the first rule that
// returns a reason declines the request.
var DefaultRules = []Rule{
	func(c domain.Card, _ Request, _ bool) string {
		if !c.Usable() {
			return "card_" + string(c.Status)
		}
		return ""
	},
	func(_ domain.Card, _ Request, held bool) string {
		if held {
			return "fraud_hold"
		}
		return ""
	},
	func(_ domain.Card, r Request, _ bool) string {
		if !slices.Contains(allowedMCCs, r.MCC) {
			return "merchant_category"
		}
		return ""
	},
	func(c domain.Card, r Request, _ bool) string {
		if r.AmountCents > c.PerTxnLimitCents {
			return "per_transaction_limit"
		}
		return ""
	},
	func(c domain.Card, r Request, _ bool) string {
		if c.SpentTodayCents+r.AmountCents > c.DailyLimitCents {
			return "daily_limit"
		}
		return ""
	},
}

var allowedMCCs = []string{"5541", "5542", "5983", "7511"}

// Evaluate runs the rules and returns the decision and reason.
func Evaluate(rules []Rule, card domain.Card, req Request, held bool) (domain.Decision, string) {
	for _, rule := range rules {
		if reason := rule(card, req, held); reason != "" {
			return domain.Declined, reason
		}
	}
	return domain.Approved, ""
}
