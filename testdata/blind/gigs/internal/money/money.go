// Package money holds minor-unit arithmetic for escrow amounts and fees.
package money

import (
	"errors"
	"fmt"
	"strings"
)

// BpsDenominator is 100% expressed in basis points.
const BpsDenominator = 10_000

// ErrCurrencyMismatch is returned when two amounts in different currencies are combined.
var ErrCurrencyMismatch = errors.New("money: currency mismatch")

// Amount is an amount in minor units (cents, pence) of a currency.
type Amount struct {
	Minor    int64
	Currency string
}

// New returns an Amount with a normalised currency code.
func New(minor int64, currency string) Amount {
	return Amount{Minor: minor, Currency: strings.ToUpper(strings.TrimSpace(currency))}
}

func (a Amount) String() string {
	sign := ""
	m := a.Minor
	if m < 0 {
		sign = "-"
		m = -m
	}
	return fmt.Sprintf("%s%d.%02d %s", sign, m/100, m%100, a.Currency)
}

// IsPositive reports whether the amount is strictly greater than zero.
func (a Amount) IsPositive() bool { return a.Minor > 0 }

// Add returns a+b, failing when the currencies differ.
func (a Amount) Add(b Amount) (Amount, error) {
	if a.Currency != b.Currency {
		return Amount{}, ErrCurrencyMismatch
	}
	return Amount{Minor: a.Minor + b.Minor, Currency: a.Currency}, nil
}

// Sub returns a-b, failing when the currencies differ.
func (a Amount) Sub(b Amount) (Amount, error) {
	if a.Currency != b.Currency {
		return Amount{}, ErrCurrencyMismatch
	}
	return Amount{Minor: a.Minor - b.Minor, Currency: a.Currency}, nil
}

// FeeBps computes a basis-point fee on minor, rounding half up, and returns
// the fee together with the remainder.
func FeeBps(minor int64, bps int) (fee, net int64) {
	if bps <= 0 || minor <= 0 {
		return 0, minor
	}
	fee = (minor*int64(bps) + BpsDenominator/2) / BpsDenominator
	if fee > minor {
		fee = minor
	}
	return fee, minor - fee
}

// SplitBps splits minor between two parties. The first party receives
// shareBps of the amount (rounded down); the second receives the rest so that
// nothing is lost to rounding.
func SplitBps(minor int64, shareBps int) (first, second int64) {
	if shareBps <= 0 {
		return 0, minor
	}
	if shareBps >= BpsDenominator {
		return minor, 0
	}
	first = minor * int64(shareBps) / BpsDenominator
	return first, minor - first
}

// ValidCurrency reports whether c looks like an ISO 4217 alphabetic code.
func ValidCurrency(c string) bool {
	if len(c) != 3 {
		return false
	}
	for _, r := range c {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}
