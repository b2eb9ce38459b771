package domain

import "errors"

var (
	ErrNotFound     = errors.New("not found")
	ErrValidation   = errors.New("validation failed")
	ErrConflict     = errors.New("conflict")
	ErrNotOffered   = errors.New("assignment is no longer open")
	ErrKeyReuse     = errors.New("idempotency key reused with a different request")
	ErrNoReporter   = errors.New("no reporter available")
	ErrNotPayable   = errors.New("invoice is not payable")
	ErrCardDeclined = errors.New("card declined")
)
