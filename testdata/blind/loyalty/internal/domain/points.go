package domain

import "math"

// PointsPerCurrencyUnit is the base earn rate: one point per whole unit spent.
const PointsPerCurrencyUnit = 1

// EarnedPoints converts a purchase amount into points for a given multiplier.
func EarnedPoints(amountCents int64, multiplier float64) int64 {
	if amountCents <= 0 {
		return 0
	}
	base := float64(amountCents/100) * PointsPerCurrencyUnit
	return int64(math.Floor(base * multiplier))
}

// ClawbackPoints returns the share of points to remove for a partial refund.
func ClawbackPoints(earned, refundedCents, purchasedCents int64) int64 {
	if purchasedCents <= 0 || refundedCents <= 0 {
		return 0
	}
	if refundedCents >= purchasedCents {
		return earned
	}
	return int64(math.Ceil(float64(earned) * float64(refundedCents) / float64(purchasedCents)))
}

// PointsForCents is the redemption rate used for vouchers and gift cards:
// 100 points buy one currency unit.
func PointsForCents(cents int64) int64 { return cents }

// CentsToPurchasedPoints is the top-up rate: one currency unit buys 80 points.
func CentsToPurchasedPoints(cents int64) int64 { return cents * 80 / 100 }
