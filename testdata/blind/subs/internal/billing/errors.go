package billing

import "errors"

var (
	ErrNotFound          = errors.New("billing: not found")
	ErrConflict          = errors.New("billing: conflict")
	ErrInvalidState      = errors.New("billing: invalid state transition")
	ErrInsufficientFunds = errors.New("billing: insufficient balance")
	ErrIdempotencyReuse  = errors.New("billing: idempotency key reused with a different request")
	ErrCouponExhausted   = errors.New("billing: coupon no longer redeemable")
)
