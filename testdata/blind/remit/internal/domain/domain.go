// Package domain holds types shared by services and transports.
package domain

import (
	"errors"
	"fmt"
)

var (
	ErrNotFound           = errors.New("not found")
	ErrConflict           = errors.New("conflict")
	ErrInvalid            = errors.New("invalid argument")
	ErrFailedPrecondition = errors.New("failed precondition")
)

// Invalidf wraps ErrInvalid with a message.
func Invalidf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// Preconditionf wraps ErrFailedPrecondition with a message.
func Preconditionf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrFailedPrecondition, fmt.Sprintf(format, args...))
}

// Money is an amount in minor units.
type Money struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

func (m Money) String() string {
	return fmt.Sprintf("%d.%02d %s", m.Amount/100, m.Amount%100, m.Currency)
}

// Principal is the authenticated caller.
type Principal struct {
	Subject string // customer ID, agent ID or operator e-mail
	Kind    string // "customer", "agent", "operator"
}
