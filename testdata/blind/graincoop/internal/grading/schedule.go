package grading

import (
	"github.com/shopspring/decimal"

	"github.com/prairiegold/graincoop/internal/domain"
)

// Lab is the subset of a lab grade used for discounts.
type Lab struct {
	Grade      int
	ForeignPct decimal.Decimal
	DamagePct  decimal.Decimal
	ProteinPct *decimal.Decimal
	TestWeight decimal.Decimal
}

type step struct {
	over  decimal.Decimal
	perBu decimal.Decimal
}

var (
	foreignSteps = []step{
		{decimal.RequireFromString("3.0"), decimal.RequireFromString("0.02")},
		{decimal.RequireFromString("5.0"), decimal.RequireFromString("0.05")},
		{decimal.RequireFromString("8.0"), decimal.RequireFromString("0.12")},
	}
	damageSteps = []step{
		{decimal.RequireFromString("5.0"), decimal.RequireFromString("0.03")},
		{decimal.RequireFromString("10.0"), decimal.RequireFromString("0.08")},
		{decimal.RequireFromString("15.0"), decimal.RequireFromString("0.20")},
	}
	proteinBase = decimal.RequireFromString("12.0")
	proteinStep = decimal.RequireFromString("0.04")
)

func worst(v decimal.Decimal, steps []step) decimal.Decimal {
	out := decimal.Zero
	for _, s := range steps {
		if v.GreaterThan(s.over) {
			out = s.perBu
		}
	}
	return out
}

// DiscountPerBu returns the net discount (positive) or premium (negative)
// per bushel for a graded load.
func DiscountPerBu(c domain.Commodity, lab Lab) decimal.Decimal {
	d := worst(lab.ForeignPct, foreignSteps).Add(worst(lab.DamagePct, damageSteps))
	if lab.Grade > 2 {
		d = d.Add(decimal.NewFromFloat(0.03).Mul(decimal.NewFromInt(int64(lab.Grade - 2))))
	}
	if lab.TestWeight.IsPositive() && lab.TestWeight.LessThan(c.StandardTestWeight().Sub(decimal.NewFromInt(2))) {
		d = d.Add(decimal.RequireFromString("0.02"))
	}
	if (c == domain.HRW || c == domain.HRS) && lab.ProteinPct != nil {
		diff := lab.ProteinPct.Sub(proteinBase).Mul(decimal.NewFromInt(5)).Floor()
		d = d.Sub(diff.Mul(proteinStep))
	}
	return d
}

// Extend returns the dollar amount of a per-bushel figure over a load.
func Extend(perBu, bushels decimal.Decimal) decimal.Decimal {
	return perBu.Mul(bushels).Round(2)
}
