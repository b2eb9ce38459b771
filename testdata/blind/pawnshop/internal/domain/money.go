// Package domain holds the pawn-lending types shared by the services, the
// repositories and the provider clients.
package domain

import (
	"errors"
	"fmt"
	"time"
)

// Cents is an amount in US cents. Every amount in pawnline is USD.
type Cents int64

func (c Cents) String() string {
	sign := ""
	v := int64(c)
	if v < 0 {
		sign = "-"
		v = -v
	}
	return fmt.Sprintf("%s$%d.%02d", sign, v/100, v%100)
}

// DailyInterest is one day of simple interest on principal at a monthly rate
// given in basis points. State pawn codes define the monthly rate over a
// 30-day month, so that is what we divide by; the result rounds half up.
func DailyInterest(principal Cents, monthlyRateBps int) Cents {
	num := int64(principal) * int64(monthlyRateBps)
	const den = int64(10_000 * 30)
	return Cents((num + den/2) / den)
}

// TermInterest is the interest for a full term of the given number of days.
func TermInterest(principal Cents, monthlyRateBps, days int) Cents {
	num := int64(principal) * int64(monthlyRateBps) * int64(days)
	const den = int64(10_000 * 30)
	return Cents((num + den/2) / den)
}

// Date truncates t to midnight UTC. Loan due dates are calendar dates stored
// in DATE columns and compared as such.
func Date(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// DaysBetween counts whole calendar days from a to b.
func DaysBetween(a, b time.Time) int {
	return int(Date(b).Sub(Date(a)).Hours() / 24)
}

var (
	ErrNotFound        = errors.New("not found")
	ErrConflict        = errors.New("conflict")
	ErrInvalid         = errors.New("invalid request")
	ErrLoanClosed      = errors.New("loan is no longer active")
	ErrAlreadyRedeemed = errors.New("loan already redeemed")
	ErrNothingDue      = errors.New("no interest due on this loan")
	ErrNotForfeitable  = errors.New("loan is still inside its grace period")
	ErrVoidWindow      = errors.New("redemption can no longer be voided")
	ErrPaymentDeclined = errors.New("payment declined")
	ErrInProgress      = errors.New("request with this key is still being processed")
)

// ValidationError carries a field-level reason back to the API caller.
type ValidationError struct {
	Field  string
	Reason string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Reason }

func (e *ValidationError) Unwrap() error { return ErrInvalid }

// Invalid is shorthand for a *ValidationError.
func Invalid(field, reason string) error {
	return &ValidationError{Field: field, Reason: reason}
}
