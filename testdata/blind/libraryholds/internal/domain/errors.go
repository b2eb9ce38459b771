package domain

import "errors"

var (
	ErrNotFound      = errors.New("not found")
	ErrConflict      = errors.New("conflict")
	ErrInvalidState  = errors.New("invalid state")
	ErrValidation    = errors.New("validation failed")
	ErrHoldLimit     = errors.New("hold limit reached")
	ErrNoPaymentCard = errors.New("no payment method on file")
	ErrNothingToPay  = errors.New("no open fines")
	ErrRenewalLimit  = errors.New("renewal limit reached")
)
