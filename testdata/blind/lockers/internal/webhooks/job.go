// Package webhooks carries partner status notifications: jobs are queued on
// an SQS FIFO queue and the webhook worker delivers them to partner
// endpoints.
package webhooks

import (
	"context"
	"encoding/json"
	"time"
)

// Job types.
const (
	TypeParcelStatus     = "parcel.status"
	TypeInvoiceReady     = "invoice.ready"
	TypeShipmentReturned = "shipment.returned"
)

// Job is the queued unit of work. ID doubles as the SQS deduplication id
// and as the Webhook-Id partners see.
type Job struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	PartnerID string          `json:"partner_id"`
	Payload   json.RawMessage `json:"payload"`
	CreatedAt time.Time       `json:"created_at"`
}

// Publisher enqueues jobs.
type Publisher interface {
	Publish(ctx context.Context, job Job) error
}

type ParcelStatusPayload struct {
	ShipmentID  string    `json:"shipment_id"`
	ExternalRef string    `json:"external_ref"`
	ParcelID    string    `json:"parcel_id,omitempty"`
	Status      string    `json:"status"`
	LockerID    string    `json:"locker_id,omitempty"`
	OccurredAt  time.Time `json:"occurred_at"`
}

type InvoiceReadyPayload struct {
	InvoiceID         string    `json:"invoice_id"`
	ProviderInvoiceID string    `json:"provider_invoice_id"`
	Period            time.Time `json:"period"`
	AmountCents       int64     `json:"amount_cents"`
}

type ShipmentReturnedPayload struct {
	ShipmentID  string    `json:"shipment_id"`
	ExternalRef string    `json:"external_ref"`
	Reason      string    `json:"reason"`
	OccurredAt  time.Time `json:"occurred_at"`
}

// NewJob marshals payload into a job of the given type.
func NewJob(id, typ, partnerID string, payload any) (Job, error) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return Job{}, err
	}
	return Job{ID: id, Type: typ, PartnerID: partnerID, Payload: raw, CreatedAt: time.Now().UTC()}, nil
}

// Publish builds and publishes in one step.
func Publish(ctx context.Context, p Publisher, id, typ, partnerID string, payload any) error {
	job, err := NewJob(id, typ, partnerID, payload)
	if err != nil {
		return err
	}
	return p.Publish(ctx, job)
}
