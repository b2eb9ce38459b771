// Package events defines the domain events exchanged between the API, the
// worker and the invoice run, and the transactional outbox used to publish
// them through watermill-sql.
package events

import (
	"time"

	"github.com/google/uuid"
)

// Topics. Each maps to a watermill_<topic> table created by the subscribers.
const (
	TopicInvoiceIssued         = "billing.invoice_issued"
	TopicCollectionFailed      = "billing.collection_failed"
	TopicPaymentConfirmed      = "billing.payment_confirmed"
	TopicEnrolmentConfirmed    = "enrolment.confirmed"
	TopicBookingSwapped        = "booking.swapped"
	TopicFundingClaimRequested = "funding.claim_requested"
	TopicParentMessageQueued   = "messaging.parent_message_queued"
	TopicRatioBreached         = "ratio.breached"
)

type InvoiceIssued struct {
	InvoiceID   uuid.UUID `json:"invoice_id"`
	FamilyID    uuid.UUID `json:"family_id"`
	Period      string    `json:"period"`
	AmountPence int64     `json:"amount_pence"`
}

type CollectionFailed struct {
	CollectionID uuid.UUID `json:"collection_id"`
	InvoiceID    uuid.UUID `json:"invoice_id"`
	FamilyID     uuid.UUID `json:"family_id"`
	AttemptNo    int32     `json:"attempt_no"`
	AmountPence  int64     `json:"amount_pence"`
	Reason       string    `json:"reason"`
	FailedCount  int32     `json:"failed_count"`
}

type PaymentConfirmed struct {
	CollectionID     uuid.UUID `json:"collection_id"`
	InvoiceID        uuid.UUID `json:"invoice_id"`
	PartnerPaymentID string    `json:"partner_payment_id"`
	AmountPence      int64     `json:"amount_pence"`
}

type EnrolmentConfirmed struct {
	EnrolmentID uuid.UUID `json:"enrolment_id"`
	ChildID     uuid.UUID `json:"child_id"`
	RoomID      uuid.UUID `json:"room_id"`
	StartDate   time.Time `json:"start_date"`
	FundedHours float64   `json:"funded_hours"`
}

type BookingSwapped struct {
	FromBookingID uuid.UUID `json:"from_booking_id"`
	ToBookingID   uuid.UUID `json:"to_booking_id"`
	ChildID       uuid.UUID `json:"child_id"`
	NewDate       time.Time `json:"new_date"`
	NewSession    string    `json:"new_session"`
}

type FundingClaimRequested struct {
	ClaimID uuid.UUID `json:"claim_id"`
}

type ParentMessageQueued struct {
	MessageID string `json:"message_id"`
}

type RatioBreached struct {
	RoomID          uuid.UUID `json:"room_id"`
	DeviceID        string    `json:"device_id"`
	ReadingSeq      int64     `json:"reading_seq"`
	ChildrenPresent int32     `json:"children_present"`
	StaffPresent    int32     `json:"staff_present"`
	Required        int32     `json:"required_staff"`
}
