package domain

import "errors"

// Errors services return; transports map them to status codes.
var (
	ErrNotFound   = errors.New("not found")
	ErrConflict   = errors.New("conflict")
	ErrInvalid    = errors.New("invalid request")
	ErrInProgress = errors.New("request already in progress")
	ErrSoldOut    = errors.New("no availability for the requested stay")
)
