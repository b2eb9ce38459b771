package domain

import "errors"

// Sentinel errors returned by services and mapped to HTTP statuses by the API.
var (
	ErrNotFound             = errors.New("not found")
	ErrConflict             = errors.New("conflict")
	ErrInvalidInput         = errors.New("invalid input")
	ErrForbidden            = errors.New("forbidden")
	ErrPaymentDeclined      = errors.New("payment declined")
	ErrInsufficientPoints   = errors.New("insufficient loyalty points")
	ErrNotRefundable        = errors.New("wash is not refundable")
	ErrNoActiveSubscription = errors.New("no active subscription")
	ErrDailyLimitReached    = errors.New("daily wash limit reached")
	ErrBayUnavailable       = errors.New("bay unavailable")
)

// ValidationError reports a problem with one input field.
type ValidationError struct {
	Field string
	Msg   string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Msg }

// Unwrap lets callers match ValidationError with errors.Is(err, ErrInvalidInput).
func (e *ValidationError) Unwrap() error { return ErrInvalidInput }

// Invalid is shorthand for a *ValidationError.
func Invalid(field, msg string) error { return &ValidationError{Field: field, Msg: msg} }
