package payments

import (
	"github.com/google/uuid"
)

// KeyFunc mints the idempotency key sent with a gateway call.
type KeyFunc func() string

// NewOperationKey returns a random, prefixed idempotency key.
func NewOperationKey() string { return "hl_" + uuid.NewString() }

// OperationKey is the stable key of an operation on a reservation.
func OperationKey(kind, reservationID string) string { return kind + ":" + reservationID }

// Option configures the payments service.
type Option func(*service)

// WithKeyFunc overrides how ad-hoc idempotency keys are minted.
func WithKeyFunc(f KeyFunc) Option { return func(s *service) { s.newKey = f } }

// WithIDFunc overrides how row IDs are minted.
func WithIDFunc(f func() string) Option { return func(s *service) { s.newID = f } }
