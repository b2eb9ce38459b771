package domain

import "errors"

var (
	ErrNotFound           = errors.New("not found")
	ErrConflict           = errors.New("conflict")
	ErrForbidden          = errors.New("forbidden")
	ErrInvalid            = errors.New("invalid request")
	ErrListingUnavailable = errors.New("listing is no longer available")
	ErrInsufficientFunds  = errors.New("insufficient available balance")
)
