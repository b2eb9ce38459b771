// Package jobs defines the river job arguments exchanged between the API,
// the services and the workers. Kinds are part of the stored job rows, so
// never rename one without a migration of pending jobs.
package jobs

import (
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

// Queue names.
const (
	QueueDefault  = river.QueueDefault
	QueuePayments = "payments"
	QueueMessages = "messages"
	QueuePort     = "port_authority"
)

// ExpireHoldArgs releases an unpaid booking's seats and lane space.
type ExpireHoldArgs struct {
	BookingID uuid.UUID `json:"booking_id"`
}

func (ExpireHoldArgs) Kind() string { return "booking.expire_hold" }

// ConfirmationEmailArgs sends the booking confirmation email once paid.
type ConfirmationEmailArgs struct {
	BookingID uuid.UUID `json:"booking_id"`
}

func (ConfirmationEmailArgs) Kind() string { return "booking.confirmation_email" }

func (ConfirmationEmailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessages}
}

// RefundArgs returns money on a booking. RequestKey identifies the refund
// request and becomes the refund row's natural key.
type RefundArgs struct {
	BookingID   uuid.UUID `json:"booking_id"`
	AmountCents int64     `json:"amount_cents"`
	Reason      string    `json:"reason"`
	RequestKey  string    `json:"request_key"`
	Note        string    `json:"note,omitempty"`
}

func (RefundArgs) Kind() string { return "payment.refund" }

func (RefundArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 12}
}

// LoyaltyAccrueArgs credits miles for a paid booking.
type LoyaltyAccrueArgs struct {
	BookingID uuid.UUID `json:"booking_id"`
}

func (LoyaltyAccrueArgs) Kind() string { return "loyalty.accrue" }

// BoardingPassArgs delivers an issued boarding pass by SMS.
type BoardingPassArgs struct {
	BoardingPassID uuid.UUID `json:"boarding_pass_id"`
}

func (BoardingPassArgs) Kind() string { return "boarding_pass.send" }

func (BoardingPassArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessages, MaxAttempts: 8}
}

// DisruptionNoticeArgs tells every traveller on a sailing that it is off.
type DisruptionNoticeArgs struct {
	SailingID uuid.UUID `json:"sailing_id"`
	Reason    string    `json:"reason"`
}

func (DisruptionNoticeArgs) Kind() string { return "sailing.disruption_notice" }

func (DisruptionNoticeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessages}
}

// ManifestSubmitArgs sends the full passenger and vehicle manifest.
type ManifestSubmitArgs struct {
	SailingID uuid.UUID `json:"sailing_id"`
}

func (ManifestSubmitArgs) Kind() string { return "manifest.submit" }

func (ManifestSubmitArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePort, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ManifestAmendArgs adds a late passenger to an already submitted manifest.
type ManifestAmendArgs struct {
	SailingID   uuid.UUID `json:"sailing_id"`
	PassengerID uuid.UUID `json:"passenger_id"`
}

func (ManifestAmendArgs) Kind() string { return "manifest.amend" }

func (ManifestAmendArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePort}
}

// ManifestSweepArgs is the periodic job that finds sailings due a manifest.
type ManifestSweepArgs struct{}

func (ManifestSweepArgs) Kind() string { return "manifest.sweep" }

// Unique returns insert options deduplicating a job by its arguments.
func Unique() *river.InsertOpts {
	return &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// At returns insert options scheduling a job for later.
func At(t time.Time) *river.InsertOpts {
	return &river.InsertOpts{ScheduledAt: t}
}
