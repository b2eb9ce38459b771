// Package service holds the business operations of the bike-share. Each
// service is an interface; the concrete types are unexported and wrapped by
// the decorators in decorators.go.
package service

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
)

var (
	ErrNotFound            = errors.New("not found")
	ErrForbidden           = errors.New("forbidden")
	ErrInvalid             = errors.New("invalid request")
	ErrConflict            = errors.New("conflict")
	ErrIdempotencyMismatch = errors.New("idempotency key reused with a different request")
	ErrInsufficientFunds   = errors.New("insufficient wallet balance")
	ErrPaymentDeclined     = errors.New("payment declined")
)

func hashRequest(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
