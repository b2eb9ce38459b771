// Package service contains the business logic behind the HTTP handlers,
// queue consumers and river workers.
package service

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
)

var (
	ErrNotFound           = errors.New("not found")
	ErrInvalidState       = errors.New("invalid state for operation")
	ErrValidation         = errors.New("validation failed")
	ErrConflict           = errors.New("conflict")
	ErrInsufficientFunds  = errors.New("insufficient balance")
	ErrCardNotActive      = errors.New("card is not active")
	ErrCardExpired        = errors.New("card has expired")
	ErrIdempotencyReuse   = errors.New("idempotency key reused with a different request")
	ErrRequestInProgress  = errors.New("a request with this idempotency key is in progress")
	ErrMerchantMismatched = errors.New("redemption belongs to another merchant")
)

// FieldError wraps ErrValidation with the offending field.
type FieldError struct {
	Field  string
	Reason string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Reason }
func (e *FieldError) Unwrap() error { return ErrValidation }

func invalid(field, reason string) error { return &FieldError{Field: field, Reason: reason} }

// fingerprint hashes a request body so a reused idempotency key with a
// different payload can be rejected.
func fingerprint(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
