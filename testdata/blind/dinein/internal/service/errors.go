// Package service holds the platform's business operations. HTTP handlers,
// webhook receivers, job workers and the scheduler call into it.
package service

import "errors"

var (
	ErrInvalidInput        = errors.New("invalid input")
	ErrForbidden           = errors.New("forbidden")
	ErrNotFound            = errors.New("not found")
	ErrInvalidState        = errors.New("order is not in a state that allows this")
	ErrIdempotencyMismatch = errors.New("idempotency key reused with a different request")
	ErrRequestInProgress   = errors.New("a request with this idempotency key is in progress")
	ErrPaymentDeclined     = errors.New("payment declined")
	ErrPromoInvalid        = errors.New("promo code is not valid")
	ErrNoCourierDelivery   = errors.New("order has no courier delivery")
)
