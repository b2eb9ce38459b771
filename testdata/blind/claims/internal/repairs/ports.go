// Package repairs books vehicle repairs with network shops through the
// repair partner API and tracks supplements and invoices.
package repairs

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/providers/repairshop"
)

// Booking statuses.
const (
	BookingRequested = "requested"
	BookingBooked    = "booked"
	BookingConfirmed = "confirmed"
	BookingCompleted = "completed"
	BookingCancelled = "cancelled"
)

// Booking is a repair-slot booking.
type Booking struct {
	ID         uuid.UUID
	ClaimID    uuid.UUID
	ShopID     string
	SlotStart  time.Time
	Status     string
	PartnerRef string
}

// Supplement is extra repair work authorised on a booking.
type Supplement struct {
	BookingID    uuid.UUID
	SupplementNo int
	AmountCents  int64
	Reason       string
	Status       string
	PartnerRef   string
}

var (
	ErrNotFound        = errors.New("repairs: not found")
	ErrBookingNotReady = errors.New("repairs: booking is not confirmed")
	ErrClaimClosed     = errors.New("repairs: claim is closed")
)

// ClaimContact is what the booking flow needs about a claim.
type ClaimContact struct {
	ClaimID     uuid.UUID
	ClaimNumber string
	Status      string
	Email       string
}

// Repository persists bookings and supplements.
type Repository interface {
	InsertBookingIfAbsent(ctx context.Context, b Booking) (bool, error)
	GetBookingBySlot(ctx context.Context, claimID uuid.UUID, shopID string, slot time.Time) (Booking, error)
	GetBooking(ctx context.Context, id uuid.UUID) (Booking, error)
	GetBookingForUpdate(ctx context.Context, id uuid.UUID) (Booking, error)
	GetBookingByPartnerRef(ctx context.Context, ref string) (Booking, error)
	MarkBooked(ctx context.Context, id uuid.UUID, partnerRef string) error
	SetBookingStatus(ctx context.Context, id uuid.UUID, status string) error
	InsertSupplementIfAbsent(ctx context.Context, s Supplement) (bool, error)
	GetSupplement(ctx context.Context, bookingID uuid.UUID, no int) (Supplement, error)
	MarkSupplementAuthorized(ctx context.Context, bookingID uuid.UUID, no int, partnerRef string) error
}

// Claims gives the repairs flow access to claims.
type Claims interface {
	Contact(ctx context.Context, claimID uuid.UUID) (ClaimContact, error)
	AddPaid(ctx context.Context, claimID uuid.UUID, amountCents int64) error
}

// Ledger books money movements.
type Ledger interface {
	Append(ctx context.Context, claimID uuid.UUID, entryType string, amountCents int64, sourceRef string) error
}

// WebhookLog remembers processed partner webhooks.
type WebhookLog interface {
	Seen(ctx context.Context, provider, eventID string) (bool, error)
	MarkSeen(ctx context.Context, provider, eventID string) error
}

// Partner is the repair partner API.
type Partner interface {
	CreateBooking(ctx context.Context, req repairshop.BookingRequest, opts ...repairshop.RequestOption) (repairshop.Booking, error)
	AuthorizeSupplement(ctx context.Context, bookingRef string, req repairshop.SupplementRequest, opts ...repairshop.RequestOption) (repairshop.Supplement, error)
}

// Jobs enqueues repair background jobs.
type Jobs interface {
	EnqueueRepairBooking(ctx context.Context, bookingID uuid.UUID) error
}

// TxManager is the unit of work.
type TxManager interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}
