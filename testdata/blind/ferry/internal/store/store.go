// Package store declares the persistence interfaces used by the services.
// The postgres implementation lives in store/pg; services only see these
// interfaces, so a Store obtained inside InTx is the same shape as the
// top-level one.
package store

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/northsound/ferrydesk/internal/domain"
)

var (
	// ErrNotFound is returned when the requested row does not exist.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict is returned when a write violates a uniqueness constraint.
	ErrConflict = errors.New("store: conflict")
	// ErrNoCapacity is returned when a sailing has no room left.
	ErrNoCapacity = errors.New("store: no capacity")
)

// Store is the unit of work handed to services.
type Store interface {
	Bookings() BookingRepo
	Sailings() SailingRepo
	Vessels() ReferenceRepo[domain.Vessel]
	Ports() ReferenceRepo[domain.Port]
	Members() ReferenceRepo[domain.LoyaltyMember]
	Payments() PaymentRepo
	Refunds() RefundRepo
	Loyalty() LoyaltyRepo
	Manifests() ManifestRepo
	BoardingPasses() BoardingPassRepo
	Settlements() SettlementRepo
	Idempotency() IdempotencyRepo
	StripeEvents() StripeEventRepo
	Jobs() JobQueue

	// InTx runs fn with a Store bound to a single transaction. The
	// transaction commits when fn returns nil. Calling InTx on a Store that
	// is already transactional reuses the transaction.
	InTx(ctx context.Context, fn func(tx Store) error) error
}

// ReferenceRepo covers simple tables that map one row to one struct.
type ReferenceRepo[T any] interface {
	Get(ctx context.Context, key any) (T, error)
	List(ctx context.Context, limit int) ([]T, error)
}

// JobQueue enqueues river jobs. On a transactional Store the job is inserted
// in the same transaction.
type JobQueue interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
}

// BookingRepo persists bookings, their passengers and vehicles.
type BookingRepo interface {
	// CreateIdempotent inserts b unless a booking with the same
	// idempotency key exists, in which case b is overwritten with the stored
	// booking and created is false.
	CreateIdempotent(ctx context.Context, b *domain.Booking) (created bool, err error)
	Get(ctx context.Context, id uuid.UUID) (domain.Booking, error)
	AddPassengers(ctx context.Context, ps []domain.Passenger) error
	Passengers(ctx context.Context, bookingID uuid.UUID) ([]domain.Passenger, error)
	Passenger(ctx context.Context, id uuid.UUID) (domain.Passenger, error)
	AddVehicle(ctx context.Context, v domain.VehicleReservation) error
	Vehicles(ctx context.Context, bookingID uuid.UUID) ([]domain.VehicleReservation, error)
	AddToTotal(ctx context.Context, id uuid.UUID, cents int64) error
	ApplyDiscount(ctx context.Context, id uuid.UUID, cents int64) error
	RecordPayment(ctx context.Context, id uuid.UUID, cents int64) (domain.Booking, error)
	// Cancel moves an active booking to cancelled. It reports false when
	// the booking was not active.
	Cancel(ctx context.Context, id uuid.UUID) (bool, error)
	// ExpireHold moves a held booking to expired. It reports false when the
	// booking is no longer held.
	ExpireHold(ctx context.Context, id uuid.UUID) (bool, error)
	MarkRefunded(ctx context.Context, id uuid.UUID) error
	MarkConfirmationSent(ctx context.Context, id uuid.UUID, at time.Time) error
	ForSailing(ctx context.Context, sailingID uuid.UUID, statuses ...domain.BookingStatus) ([]domain.Booking, error)
}

// SailingRepo persists sailings and their remaining capacity.
type SailingRepo interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Sailing, error)
	ReserveSeats(ctx context.Context, id uuid.UUID, seats int) error
	ReserveLane(ctx context.Context, id uuid.UUID, cm int) error
	ReleaseCapacity(ctx context.Context, id uuid.UUID, seats, laneCM int) error
	// Cancel marks a scheduled sailing cancelled. It reports false when the
	// sailing was not scheduled.
	Cancel(ctx context.Context, id uuid.UUID, reason string, at time.Time) (bool, error)
	SetManifestSubmitted(ctx context.Context, id uuid.UUID, version int) error
	DueForManifest(ctx context.Context, before time.Time) ([]domain.Sailing, error)
}

// PaymentRepo persists card payment attempts.
type PaymentRepo interface {
	// OpenAttempt inserts p as the booking's live attempt, or loads the
	// existing live attempt into p.
	OpenAttempt(ctx context.Context, p *domain.Payment) error
	Get(ctx context.Context, id uuid.UUID) (domain.Payment, error)
	AttachIntent(ctx context.Context, id uuid.UUID, intentID string, status domain.PaymentStatus) error
	MarkSucceeded(ctx context.Context, id uuid.UUID, intentID string, at time.Time) (domain.Payment, error)
	MarkFailed(ctx context.Context, id uuid.UUID, intentID, code string) (bool, error)
	SucceededForBooking(ctx context.Context, bookingID uuid.UUID) (domain.Payment, error)
}

// RefundRepo persists refunds.
type RefundRepo interface {
	// Open inserts r unless a refund with the same request key exists, in
	// which case r is overwritten with the stored refund.
	Open(ctx context.Context, r *domain.Refund) (created bool, err error)
	Complete(ctx context.Context, id uuid.UUID, stripeRefundID string, status domain.RefundStatus, at time.Time) error
	SettleByStripeID(ctx context.Context, stripeRefundID string, status domain.RefundStatus, at time.Time) (bool, error)
	TotalForBooking(ctx context.Context, bookingID uuid.UUID) (int64, error)
}

// LoyaltyRepo persists miles balances and their ledger.
type LoyaltyRepo interface {
	EnsureAccount(ctx context.Context, memberID uuid.UUID) error
	Account(ctx context.Context, memberID uuid.UUID) (domain.LoyaltyAccount, error)
	AppendLedger(ctx context.Context, e domain.LedgerEntry) error
	// AppendReversal inserts the booking's single reversal entry. It
	// reports false if the booking was already reversed.
	AppendReversal(ctx context.Context, e domain.LedgerEntry) (bool, error)
	AccruedForBooking(ctx context.Context, bookingID uuid.UUID) (int64, error)
	AdjustBalance(ctx context.Context, memberID uuid.UUID, delta int64) error
	InsertRedemption(ctx context.Context, r domain.Redemption) error
	SetTier(ctx context.Context, memberID uuid.UUID, tier string) error
}

// ManifestRepo persists what we have told the port authority.
type ManifestRepo interface {
	Lines(ctx context.Context, sailingID uuid.UUID) ([]domain.ManifestLine, []domain.ManifestVehicle, error)
	RecordSubmission(ctx context.Context, s domain.ManifestSubmission) error
	LatestSubmission(ctx context.Context, sailingID uuid.UUID) (domain.ManifestSubmission, error)
	RecordAmendment(ctx context.Context, a domain.ManifestAmendment) error
}

// BoardingPassRepo persists check-ins and boarding passes.
type BoardingPassRepo interface {
	RecordCheckin(ctx context.Context, passengerID, sailingID uuid.UUID, desk string, at time.Time) error
	// UpsertPass issues a pass for the passenger and sailing, or re-issues
	// the existing one; p.ID and p.Barcode are set to the stored values.
	UpsertPass(ctx context.Context, p *domain.BoardingPass) error
	Get(ctx context.Context, id uuid.UUID) (domain.BoardingPass, error)
	RecordDelivery(ctx context.Context, passID uuid.UUID, channel, providerMessageID string) error
	MarkSent(ctx context.Context, passID uuid.UUID, at time.Time) error
}

// SettlementRepo persists the nightly settlement.
type SettlementRepo interface {
	StartRun(ctx context.Context, r domain.SettlementRun) error
	FinishRun(ctx context.Context, id uuid.UUID, outcome string, at time.Time) error
	Totals(ctx context.Context, from, to time.Time) (domain.SettlementTotals, error)
	BatchForDate(ctx context.Context, date time.Time) (domain.SettlementBatch, error)
	CreateBatch(ctx context.Context, b domain.SettlementBatch) error
	AssignBatch(ctx context.Context, batchID uuid.UUID, from, to time.Time) (payments, refunds int64, err error)
}

// IdempotencyRepo stores API responses by client idempotency key.
type IdempotencyRepo interface {
	Lookup(ctx context.Context, scope, key string) (domain.IdempotencyRecord, bool, error)
	Save(ctx context.Context, rec domain.IdempotencyRecord) error
}

// StripeEventRepo remembers which webhook events have been handled.
type StripeEventRepo interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, eventID, eventType string) error
}
