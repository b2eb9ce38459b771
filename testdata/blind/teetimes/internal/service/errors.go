// Package service holds the platform's business logic. Handlers, workers
// and consumers call these interfaces; implementations call repositories
// and provider clients.
package service

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/fairwaylinks/teetimes/internal/platform/db"
	"github.com/fairwaylinks/teetimes/internal/store"
)

// Error kinds the transport layer maps to status codes.
var (
	ErrNotFound  = errors.New("not found")
	ErrInvalid   = errors.New("invalid request")
	ErrConflict  = errors.New("conflict")
	ErrForbidden = errors.New("forbidden")
	ErrPayment   = errors.New("payment required")
)

// Error is a service error with a message safe to show to a client.
type Error struct {
	Kind error
	Msg  string
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Kind }

func invalid(format string, args ...any) error {
	return &Error{Kind: ErrInvalid, Msg: fmt.Sprintf(format, args...)}
}

func conflict(format string, args ...any) error {
	return &Error{Kind: ErrConflict, Msg: fmt.Sprintf(format, args...)}
}

func forbidden(format string, args ...any) error {
	return &Error{Kind: ErrForbidden, Msg: fmt.Sprintf(format, args...)}
}

// notFoundOr turns a store miss into ErrNotFound for the named resource and
// passes other errors through.
func notFoundOr(err error, what string) error {
	if errors.Is(err, db.ErrNotFound) {
		return &Error{Kind: ErrNotFound, Msg: what + " not found"}
	}
	if errors.Is(err, store.ErrKeyReuse) {
		return &Error{Kind: ErrConflict, Msg: "idempotency key was used for a different request"}
	}
	return err
}

// requestHash fingerprints the fields of a request that must match when an
// Idempotency-Key is replayed.
func requestHash(parts ...any) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%v|", p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func strPtr(s string) *string { return &s }

func minInt64(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}
