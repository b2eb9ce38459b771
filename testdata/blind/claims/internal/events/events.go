// Package events defines the domain events exchanged over RabbitMQ and the
// publisher abstraction used to send them.
package events

import (
	"time"

	"github.com/google/uuid"
)

// Topics (AMQP routing keys on the "claims.events" exchange).
const (
	TopicClaimOpened          = "claim.opened"
	TopicClaimClosed          = "claim.closed"
	TopicClaimReopened        = "claim.reopened"
	TopicAdjusterAssigned     = "adjuster.assigned"
	TopicReserveChanged       = "reserve.changed"
	TopicPayoutSettled        = "payout.settled"
	TopicDocumentUploaded     = "document.uploaded"
	TopicSubrogationRecovered = "subrogation.recovered"
)

type ClaimOpened struct {
	ClaimID     uuid.UUID `json:"claim_id"`
	ClaimNumber string    `json:"claim_number"`
	LossType    string    `json:"loss_type"`
	Source      string    `json:"source"`
	OpenedAt    time.Time `json:"opened_at"`
}

type ClaimClosed struct {
	ClaimID  uuid.UUID `json:"claim_id"`
	Reason   string    `json:"reason"`
	ClosedAt time.Time `json:"closed_at"`
}

type ClaimReopened struct {
	ClaimID    uuid.UUID `json:"claim_id"`
	ReopenedBy string    `json:"reopened_by"`
}

type AdjusterAssigned struct {
	ClaimID    uuid.UUID `json:"claim_id"`
	AdjusterID uuid.UUID `json:"adjuster_id"`
	Role       string    `json:"role"`
}

type ReserveChanged struct {
	ChangeID   uuid.UUID `json:"change_id"`
	ClaimID    uuid.UUID `json:"claim_id"`
	Category   string    `json:"category"`
	DeltaCents int64     `json:"delta_cents"`
	ChangedAt  time.Time `json:"changed_at"`
}

type PayoutSettled struct {
	PayoutID       uuid.UUID `json:"payout_id"`
	ClaimID        uuid.UUID `json:"claim_id"`
	AmountCents    int64     `json:"amount_cents"`
	StripePayoutID string    `json:"stripe_payout_id"`
}

type DocumentUploaded struct {
	DocumentID uuid.UUID `json:"document_id"`
	ClaimID    uuid.UUID `json:"claim_id"`
	DocType    string    `json:"doc_type"`
	S3Key      string    `json:"s3_key"`
}

type SubrogationRecovered struct {
	ClaimID     uuid.UUID `json:"claim_id"`
	VendorRef   string    `json:"vendor_ref"`
	AmountCents int64     `json:"amount_cents"`
	ReceivedAt  time.Time `json:"received_at"`
}
