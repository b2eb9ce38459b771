package domain

import "errors"

var (
	ErrNotFound            = errors.New("not found")
	ErrConflict            = errors.New("conflict")
	ErrInvalid             = errors.New("invalid request")
	ErrNoRefillsRemaining  = errors.New("no refills remaining on prescription")
	ErrPrescriptionExpired = errors.New("prescription expired")
	ErrNotCancellable      = errors.New("refill can no longer be cancelled")
	ErrAlreadyCancelled    = errors.New("refill already cancelled")
	ErrAlreadyVerified     = errors.New("refill already verified")
	ErrWrongState          = errors.New("refill is not in a state that allows this")
	ErrNoPaymentMethod     = errors.New("patient has no payment method on file")
	ErrIdempotencyMismatch = errors.New("idempotency key reused with a different request")
)
