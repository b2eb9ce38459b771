// Package grading turns scale readings and lab results into bushels,
// shrink, drying charges and discounts using the cooperative's published
// discount schedules.
package grading

import (
	"errors"

	"github.com/shopspring/decimal"

	"github.com/prairiegold/graincoop/internal/domain"
)

var (
	hundred = decimal.NewFromInt(100)

	// Water shrink plus 0.5% handling loss per point, as published in the
	// cooperative's 2024 discount schedule.
	shrinkPerPoint = decimal.RequireFromString("1.4")
	dryingPerPoint = decimal.RequireFromString("0.035")
	dryingBase     = decimal.RequireFromString("0.05")
)

var ErrBadWeights = errors.New("grading: gross weight must exceed tare")

// Weights is what a weighbridge reports for one load.
type Weights struct {
	GrossLb     int
	TareLb      int
	MoisturePct decimal.Decimal
	TestWeight  decimal.Decimal
}

// Result is the computed outcome for a load.
type Result struct {
	NetLb        int
	GrossBu      decimal.Decimal
	ShrinkBu     decimal.Decimal
	NetBu        decimal.Decimal
	DryingCharge decimal.Decimal
}

// Compute converts a weighed load to dry bushels.
func Compute(c domain.Commodity, w Weights) (Result, error) {
	if w.TareLb <= 0 || w.GrossLb <= w.TareLb {
		return Result{}, ErrBadWeights
	}
	net := w.GrossLb - w.TareLb
	grossBu := decimal.NewFromInt(int64(net)).Div(c.StandardTestWeight()).Round(2)

	points := w.MoisturePct.Sub(c.BaseMoisture())
	if points.IsNegative() {
		points = decimal.Zero
	}
	shrinkPct := points.Mul(shrinkPerPoint)
	shrinkBu := grossBu.Mul(shrinkPct).Div(hundred).Round(2)

	drying := decimal.Zero
	if points.IsPositive() {
		drying = grossBu.Mul(dryingBase.Add(points.Mul(dryingPerPoint))).Round(2)
	}
	return Result{
		NetLb:        net,
		GrossBu:      grossBu,
		ShrinkBu:     shrinkBu,
		NetBu:        grossBu.Sub(shrinkBu),
		DryingCharge: drying,
	}, nil
}
