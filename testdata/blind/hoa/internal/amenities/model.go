// Package amenities books pool, clubhouse and court reservations, holds the
// refundable damage deposit through Paylane and returns it after the event.
package amenities

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/larchway/hoaops/internal/billing"
	"github.com/larchway/hoaops/internal/events"
	"github.com/larchway/hoaops/internal/provider/paylane"
)

// Deposit statuses.
const (
	DepositNone      = "none"
	DepositPending   = "pending"
	DepositHeld      = "held"
	DepositRefunded  = "refunded"
	DepositForfeited = "forfeited"
)

// Amenity is a bookable facility.
type Amenity struct {
	ID            uuid.UUID `db:"id" json:"id"`
	AssociationID uuid.UUID `db:"association_id" json:"association_id"`
	Name          string    `db:"name" json:"name"`
	Kind          string    `db:"kind" json:"kind"`
	DepositCents  int64     `db:"deposit_cents" json:"deposit_cents"`
	MaxGuests     int       `db:"max_guests" json:"max_guests"`
}

// Reservation is a booking of an amenity.
type Reservation struct {
	ID               uuid.UUID `db:"id" json:"id"`
	AmenityID        uuid.UUID `db:"amenity_id" json:"amenity_id"`
	AccountID        uuid.UUID `db:"account_id" json:"account_id"`
	StartsAt         time.Time `db:"starts_at" json:"starts_at"`
	EndsAt           time.Time `db:"ends_at" json:"ends_at"`
	Guests           int       `db:"guests" json:"guests"`
	Status           string    `db:"status" json:"status"`
	DepositCents     int64     `db:"deposit_cents" json:"deposit_cents"`
	DepositStatus    string    `db:"deposit_status" json:"deposit_status"`
	DepositChargeRef *string   `db:"deposit_charge_ref" json:"-"`
	CreatedAt        time.Time `db:"created_at" json:"created_at"`
}

// DepositRefund is a scheduled deposit return.
type DepositRefund struct {
	ReservationID uuid.UUID `db:"reservation_id"`
	DueAt         time.Time `db:"due_at"`
	AmountCents   int64     `db:"amount_cents"`
	Status        string    `db:"status"`
	RefundRef     *string   `db:"refund_ref"`
}

// Store persists amenities and reservations.
type Store interface {
	GetAmenity(ctx context.Context, id uuid.UUID) (Amenity, error)
	GetReservation(ctx context.Context, id uuid.UUID) (Reservation, error)
	InsertReservation(ctx context.Context, r Reservation) (bool, error)
	ConfirmReservation(ctx context.Context, id uuid.UUID, chargeRef *string, depositStatus string) (bool, error)
	SetDepositStatus(ctx context.Context, id uuid.UUID, from, to string) (bool, error)
}

// RefundStore persists scheduled deposit refunds.
type RefundStore interface {
	Insert(ctx context.Context, r DepositRefund) error
	Get(ctx context.Context, reservationID uuid.UUID) (DepositRefund, error)
	MarkRefunded(ctx context.Context, reservationID uuid.UUID, refundRef string) (bool, error)
}

// Accounts loads owner accounts.
type Accounts interface {
	Get(ctx context.Context, id uuid.UUID) (billing.Account, error)
}

// Gateway is the subset of Paylane used here.
type Gateway interface {
	CreateCharge(ctx context.Context, req paylane.ChargeRequest) (paylane.Charge, error)
	CreateRefund(ctx context.Context, req paylane.RefundRequest) (paylane.Refund, error)
}

// Publisher publishes integration events.
type Publisher interface {
	Publish(ctx context.Context, topic string, payload any, opts ...events.Option) error
}
