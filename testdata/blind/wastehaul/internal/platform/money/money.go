// Package money has the few unit helpers billing needs.
package money

import (
	"fmt"
	"math"
)

// Cents is an amount in US cents.
type Cents int64

// String formats c as dollars.
func (c Cents) String() string {
	sign := ""
	if c < 0 {
		sign = "-"
		c = -c
	}
	return fmt.Sprintf("%s$%d.%02d", sign, c/100, c%100)
}

// KgPerShortTon is the conversion used on scale tickets (US short ton).
const KgPerShortTon = 907.18474

// Tons converts kilograms to short tons.
func Tons(kg int64) float64 {
	return float64(kg) / KgPerShortTon
}

// PerTon charges rate per short ton for kg, rounded half up to the cent.
func PerTon(kg int64, rate Cents) Cents {
	return Cents(math.Round(Tons(kg) * float64(rate)))
}

// Prorate returns monthly * days / daysInPeriod, rounded to the cent.
func Prorate(monthly Cents, days, daysInPeriod int) Cents {
	if daysInPeriod <= 0 {
		return 0
	}
	return Cents(math.Round(float64(monthly) * float64(days) / float64(daysInPeriod)))
}
