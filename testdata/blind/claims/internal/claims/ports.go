package claims

import (
	"context"

	"github.com/google/uuid"
)

// Repository persists claims. Methods run on the transaction carried in ctx
// when there is one.
type Repository interface {
	Create(ctx context.Context, c Claim) error
	CreateFromExternal(ctx context.Context, c Claim) (created bool, err error)
	Get(ctx context.Context, id uuid.UUID) (Claim, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (Claim, error)
	SetStatus(ctx context.Context, id uuid.UUID, s Status) error
	MarkClosed(ctx context.Context, id uuid.UUID, reason string) error
	Reopen(ctx context.Context, id uuid.UUID) error
	GetAdjuster(ctx context.Context, id uuid.UUID) (Adjuster, error)
	AddAssignment(ctx context.Context, a Assignment) error
}

// IdempotencyRecord is a stored replay entry.
type IdempotencyRecord struct {
	RequestHash string
	Status      int
	Body        []byte
	Completed   bool
}

// IdempotencyStore records caller idempotency keys.
type IdempotencyStore interface {
	// Begin claims (scope, key). It returns fresh=false and the stored record
	// when the key was already claimed.
	Begin(ctx context.Context, scope, key, requestHash string) (fresh bool, rec IdempotencyRecord, err error)
	Complete(ctx context.Context, scope, key string, status int, body []byte) error
}

// Outbox records domain events in the caller's transaction.
type Outbox interface {
	Add(ctx context.Context, topic string, payload any) error
}

// ReserveLedger is the part of the reserves service used by the claim
// lifecycle.
type ReserveLedger interface {
	Release(ctx context.Context, claimID uuid.UUID, amountCents int64, reason string) error
	Reinstate(ctx context.Context, claimID uuid.UUID, amountCents int64, by string) error
}

// JobScheduler schedules follow-up background jobs.
type JobScheduler interface {
	ScheduleSubrogation(ctx context.Context, claimID uuid.UUID) error
}

// TxManager is the unit of work.
type TxManager interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}
