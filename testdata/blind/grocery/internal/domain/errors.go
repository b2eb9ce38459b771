package domain

import "errors"

var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrInvalid           = errors.New("invalid request")
	ErrSlotFull          = errors.New("delivery slot is full")
	ErrSlotExpired       = errors.New("slot reservation has expired")
	ErrNotCancellable    = errors.New("order can no longer be cancelled")
	ErrInsufficientPts   = errors.New("insufficient loyalty points")
	ErrPaymentDeclined   = errors.New("payment declined")
	ErrBasketEmpty       = errors.New("basket is empty")
	ErrBasketClosed      = errors.New("basket is no longer open")
	ErrIdempotencyReuse  = errors.New("idempotency key reused with a different request")
	ErrRequestInProgress = errors.New("a request with this idempotency key is still in progress")
)
