// Package domain holds the error vocabulary shared between services and the
// HTTP layer.
package domain

import "errors"

var (
	ErrNotFound         = errors.New("not found")
	ErrSoldOut          = errors.New("not enough seats available")
	ErrHoldExpired      = errors.New("seat hold has expired")
	ErrHoldNotActive    = errors.New("seat hold is not active")
	ErrPaymentDeclined  = errors.New("payment was declined")
	ErrTicketNotActive  = errors.New("ticket is not active")
	ErrTripNotScheduled = errors.New("trip is not scheduled")
	ErrShiftClosed      = errors.New("shift is already closed")
	ErrInvalidInput     = errors.New("invalid input")
	ErrUnauthorized     = errors.New("unauthorized")
	ErrBadSignature     = errors.New("bad webhook signature")
)
