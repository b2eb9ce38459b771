// Package domain holds the salon booking model: appointments, payments,
// vouchers, loyalty, messages and stylist payouts.
package domain

import "errors"

var (
	ErrNotFound           = errors.New("not found")
	ErrSlotTaken          = errors.New("slot already booked")
	ErrInvalidTransition  = errors.New("invalid status transition")
	ErrInsufficientFunds  = errors.New("insufficient balance")
	ErrVoucherExpired     = errors.New("voucher expired")
	ErrVoucherInactive    = errors.New("voucher is not active")
	ErrIdempotencyReuse   = errors.New("idempotency key reused with a different request")
	ErrIdempotencyPending = errors.New("a request with this idempotency key is still in progress")
	ErrValidation         = errors.New("validation failed")
	ErrPaymentDeclined    = errors.New("payment declined")
	ErrNoPayoutAccount    = errors.New("stylist has no payout account")
)

// ValidationError wraps ErrValidation with a field-level message.
type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Message }

func (e *ValidationError) Unwrap() error { return ErrValidation }

// Invalid returns a ValidationError for the given field.
func Invalid(field, msg string) error { return &ValidationError{Field: field, Message: msg} }
