package invoicing

import (
	"fmt"

	"github.com/meterly/subs/internal/storage/gormrepo"
)

// Line is a priced invoice line before it has an id.
type Line struct {
	Kind        string
	Description string
	Quantity    int64
	AmountCents int64
}

// PriceLines returns the recurring and metered lines for one period.
func PriceLines(plan gormrepo.Plan, usageQty int64) []Line {
	lines := []Line{{
		Kind:        "plan",
		Description: fmt.Sprintf("%s (%s)", plan.Name, plan.BillingInterval),
		Quantity:    1,
		AmountCents: plan.AmountCents,
	}}
	if plan.UsageMetric == nil {
		return lines
	}
	billable := usageQty - plan.IncludedUnits
	if billable <= 0 {
		return lines
	}
	// unit price is in micro-cents to allow sub-cent pricing.
	amount := (billable*plan.UnitPriceMicros + 500_000) / 1_000_000
	lines = append(lines, Line{
		Kind:        "usage",
		Description: fmt.Sprintf("%s: %d units over %d included", *plan.UsageMetric, billable, plan.IncludedUnits),
		Quantity:    billable,
		AmountCents: amount,
	})
	return lines
}

func sum(lines []Line) int64 {
	var t int64
	for _, l := range lines {
		t += l.AmountCents
	}
	return t
}
