// Package domain holds the fleet's core types and the rules that do not
// depend on storage or transport.
package domain

import (
	"errors"
	"fmt"
)

var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrInvalidArgument   = errors.New("invalid argument")
	ErrInvalidTransition = errors.New("invalid state transition")
	ErrDeclined          = errors.New("payment declined")
	ErrUnauthenticated   = errors.New("unauthenticated")
)

// ValidationError describes a single invalid field in an inbound command.
type ValidationError struct {
	Field  string
	Reason string
}

func (e *ValidationError) Error() string {
	return e.Field + ": " + e.Reason
}

func (e *ValidationError) Unwrap() error { return ErrInvalidArgument }

// Invalid is a shorthand for building a ValidationError.
func Invalid(field, reason string) error {
	return &ValidationError{Field: field, Reason: reason}
}

// Cents is an amount in the minor unit of the operating currency.
type Cents int64

func (c Cents) String() string {
	sign := ""
	v := int64(c)
	if v < 0 {
		sign = "-"
		v = -v
	}
	return fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
}

// BasisPoints expresses a rate in 1/100 of a percent.
type BasisPoints int32

// Apply returns the portion of c represented by the rate, rounded half up.
func (b BasisPoints) Apply(c Cents) Cents {
	return Cents((int64(c)*int64(b) + 5000) / 10000)
}
