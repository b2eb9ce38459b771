// Package rental implements reservations, the counter (check-out,
// check-in, extensions), refunds, the payments worker and the nightly
// settlement.
package rental

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
	"github.com/acme/fleet/internal/provider/payments"
)

// Tx runs fn in a database transaction.
type Tx interface {
	InTx(ctx context.Context, fn func(q db.Ext) error) error
}

type ReservationRepo interface {
	Insert(ctx context.Context, q db.Ext, r domain.Reservation) error
	Get(ctx context.Context, q db.Ext, id string) (domain.Reservation, error)
	GetForUpdate(ctx context.Context, q db.Ext, id string) (domain.Reservation, error)
	SetStatus(ctx context.Context, q db.Ext, id, status string) error
	ConfirmDeposit(ctx context.Context, q db.Ext, id, intentID string) error
}

type CustomerRepo interface {
	Get(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Customer, error)
}

type VehicleRepo interface {
	GetByPlate(ctx context.Context, q db.Ext, plate string) (domain.Vehicle, error)
	MarkRented(ctx context.Context, q db.Ext, id uuid.UUID, odometerKm, fuelPct int) error
	Release(ctx context.Context, q db.Ext, id uuid.UUID, odometerKm, fuelPct int) error
}

type RentalRepo interface {
	Insert(ctx context.Context, q db.Ext, r domain.Rental) error
	Get(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Rental, error)
	GetForUpdate(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Rental, error)
	MarkCheckedIn(ctx context.Context, q db.Ext, id uuid.UUID, odometerKm, fuelPct int, at time.Time) (bool, error)
	SetDueAt(ctx context.Context, q db.Ext, id uuid.UUID, dueAt time.Time) error
	InsertExtension(ctx context.Context, q db.Ext, e domain.Extension) error
}

type ChargeRepo interface {
	Insert(ctx context.Context, q db.Ext, c domain.Charge) error
	ListOpen(ctx context.Context, q db.Ext, cutoff time.Time, limit int) ([]domain.Charge, error)
	MarkSubmitted(ctx context.Context, q db.Ext, id uuid.UUID) error
	MarkSettled(ctx context.Context, q db.Ext, id uuid.UUID) error
}

type KeyRepo interface {
	Lookup(ctx context.Context, q db.Ext, scope, key string) (string, error)
	Save(ctx context.Context, q db.Ext, scope, key, resourceID string) error
	Reserve(ctx context.Context, q db.Ext, scope, key string) (bool, error)
	Complete(ctx context.Context, q db.Ext, scope, key, resourceID string, response any) error
	Response(ctx context.Context, q db.Ext, scope, key string) ([]byte, error)
}

type PaymentOpRepo interface {
	InsertPending(ctx context.Context, q db.Ext, op domain.PaymentOp) error
	Get(ctx context.Context, q db.Ext, id string) (domain.PaymentOp, error)
	Complete(ctx context.Context, q db.Ext, id, intentID string) error
}

type PaymentRepo interface {
	LogAttempt(ctx context.Context, q db.Ext, a domain.PaymentAttempt) error
	Get(ctx context.Context, q db.Ext, commandID string) (domain.Payment, error)
	InsertPending(ctx context.Context, q db.Ext, p domain.Payment) error
	MarkSucceeded(ctx context.Context, q db.Ext, commandID, intentID string) error
	MarkFailed(ctx context.Context, q db.Ext, commandID, msg string) error
	LatestIntentForRental(ctx context.Context, q db.Ext, rentalID uuid.UUID) (string, int64, error)
}

type RefundRepo interface {
	Insert(ctx context.Context, q db.Ext, r domain.Refund) error
	TotalForRental(ctx context.Context, q db.Ext, rentalID uuid.UUID) (int64, error)
}

// RunRepo records settlement runs.
type RunRepo interface {
	Record(ctx context.Context, q db.Ext, businessDate time.Time, submitted int) error
}

type Gateway interface {
	HoldDeposit(ctx context.Context, r payments.HoldRequest, opts ...payments.Option) (string, error)
	CancelHold(ctx context.Context, intentID string, opts ...payments.Option) error
	Charge(ctx context.Context, r payments.ChargeRequest, opts ...payments.Option) (string, error)
	Refund(ctx context.Context, r payments.RefundRequest, opts ...payments.Option) (string, error)
}

// TaskEnqueuer schedules background tasks.
type TaskEnqueuer interface {
	Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) error
}

// ChargePublisher hands charge commands to the payments worker.
type ChargePublisher interface {
	PublishCharge(ctx context.Context, cmd domain.ChargeCommand) error
}
