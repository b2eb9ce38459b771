// Package events defines the domain events exchanged between the API, the
// nightly jobs and the worker, and the watermill plumbing that carries them
// through Postgres.
package events

import (
	"time"

	"github.com/google/uuid"
)

// Topics. Each becomes a watermill_<topic> table in Postgres.
const (
	TopicRegistrationConfirmed = "registration.confirmed"
	TopicRefundRequested       = "refund.requested"
	TopicRoomRequested         = "hotel.room_requested"
	TopicSponsorshipCreated    = "sponsorship.created"
	TopicInstalmentDue         = "sponsor.instalment_due"
	TopicPaymentCaptured       = "payment.captured"
)

// AllTopics is used to create the topic tables up front.
var AllTopics = []string{
	TopicRegistrationConfirmed,
	TopicRefundRequested,
	TopicRoomRequested,
	TopicSponsorshipCreated,
	TopicInstalmentDue,
	TopicPaymentCaptured,
}

// RegistrationConfirmed is published once an attendee's first order is paid.
type RegistrationConfirmed struct {
	RegistrationID uuid.UUID `json:"registration_id"`
	ConferenceID   uuid.UUID `json:"conference_id"`
	OrderID        uuid.UUID `json:"order_id"`
	ConfirmedAt    time.Time `json:"confirmed_at"`
}

// RefundRequested asks the worker to push a refund to the card provider.
type RefundRequested struct {
	RefundID      uuid.UUID `json:"refund_id"`
	TicketOrderID uuid.UUID `json:"ticket_order_id"`
}

// RoomRequested asks the worker to book a room out of a block.
type RoomRequested struct {
	RequestID      uuid.UUID `json:"request_id"`
	RegistrationID uuid.UUID `json:"registration_id"`
}

// SponsorshipCreated is published when a sponsor buys a package.
type SponsorshipCreated struct {
	SponsorshipID uuid.UUID `json:"sponsorship_id"`
	SponsorID     uuid.UUID `json:"sponsor_id"`
	PackageID     uuid.UUID `json:"package_id"`
}

// InstalmentDue is published by the nightly biller for each instalment that
// has come due and should be charged to the sponsor's card on file.
type InstalmentDue struct {
	InstalmentID  uuid.UUID `json:"instalment_id"`
	SponsorshipID uuid.UUID `json:"sponsorship_id"`
	AmountCents   int64     `json:"amount_cents"`
}

// PaymentCaptured is published from the card provider webhook when an
// asynchronous instalment charge settles.
type PaymentCaptured struct {
	InstalmentID    uuid.UUID `json:"instalment_id"`
	ChargeID        string    `json:"charge_id"`
	AmountCents     int64     `json:"amount_cents"`
	CapturedAt      time.Time `json:"captured_at"`
	ProviderEventID string    `json:"provider_event_id"`
}
