// Package money holds amount helpers. Amounts are integer minor units.
package money

import (
	"errors"
	"fmt"
)

// Amount is an amount of money in minor units (cents).
type Amount = int64

// ErrInvalidAmount is returned for non-positive amounts.
var ErrInvalidAmount = errors.New("money: amount must be positive")

// Validate checks that a is a positive amount not larger than max.
func Validate(a Amount, max Amount) error {
	if a <= 0 {
		return ErrInvalidAmount
	}
	if max > 0 && a > max {
		return fmt.Errorf("money: amount %d exceeds maximum %d", a, max)
	}
	return nil
}

// Payout computes stake * price for a decimal price expressed in thousandths
// (2.375 -> 2375), rounding down to the minor unit.
func Payout(stake Amount, priceMilli int64) Amount {
	return stake * priceMilli / 1000
}

// Format renders an amount as a decimal string with a currency code.
func Format(a Amount, currency string) string {
	sign := ""
	if a < 0 {
		sign = "-"
		a = -a
	}
	return fmt.Sprintf("%s%d.%02d %s", sign, a/100, a%100, currency)
}
