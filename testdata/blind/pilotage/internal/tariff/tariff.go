// Package tariff holds the published pilotage tariff.
package tariff

import (
	"math"
	"time"
)

// Base rates in cents per movement, by gross tonnage band.
var bands = []struct {
	maxGT int32
	cents int64
}{
	{3000, 42_000},
	{10000, 78_500},
	{30000, 131_000},
	{60000, 198_000},
	{math.MaxInt32, 264_000},
}

// movementFactor applies the surcharge for shifts within the harbour.
var movementFactor = map[string]float64{
	"arrival":   1.0,
	"departure": 1.0,
	"shift":     0.6,
}

// PilotageDues returns the dues in cents for one movement.
func PilotageDues(movement string, grossTonnage int32) int64 {
	f, ok := movementFactor[movement]
	if !ok {
		f = 1.0
	}
	for _, b := range bands {
		if grossTonnage <= b.maxGT {
			return int64(math.Round(float64(b.cents) * f))
		}
	}
	return bands[len(bands)-1].cents
}

// Detention is charged per started half hour beyond the allowance.
const (
	detentionAllowance   = 3 * time.Hour
	detentionPerHalfHour = 9_500
)

// DetentionCharge returns the detention charge in cents for a pilot on
// board from boarded to disembarked.
func DetentionCharge(boarded, disembarked time.Time) int64 {
	over := disembarked.Sub(boarded) - detentionAllowance
	if over <= 0 {
		return 0
	}
	halfHours := int64(math.Ceil(over.Minutes() / 30))
	return halfHours * detentionPerHalfHour
}

// CancellationFee applies when a job is cancelled less than two hours
// before it was due, or after a pilot was dispatched.
func CancellationFee(scheduled, now time.Time, dispatched bool) int64 {
	switch {
	case dispatched:
		return 35_000
	case scheduled.Sub(now) < 2*time.Hour:
		return 18_000
	default:
		return 0
	}
}
