package domain

import "errors"

var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrSeatUnavailable   = errors.New("seat is held by another passenger")
	ErrHoldRequired      = errors.New("an active seat hold is required")
	ErrSoldOut           = errors.New("lounge capacity exhausted")
	ErrPassExhausted     = errors.New("lounge pass has no entries left")
	ErrPassNotValid      = errors.New("lounge pass is not valid today")
	ErrNotRefundable     = errors.New("item cannot be refunded")
	ErrNoPaymentProfile  = errors.New("booking has no saved payment method")
	ErrStaleRevision     = errors.New("emd revision does not match")
	ErrInvalidTransition = errors.New("invalid status transition")
)
