package domain

import (
	"time"

	"github.com/google/uuid"
	"github.com/lib/pq"
)

type Reseller struct {
	ID            uuid.UUID `db:"id"`
	Name          string    `db:"name"`
	APIKeySHA     string    `db:"api_key_sha"`
	CommissionBps int       `db:"commission_bps"`
	Active        bool      `db:"active"`
	CreatedAt     time.Time `db:"created_at"`
}

type Batch struct {
	ID          uuid.UUID `db:"id" json:"id"`
	ResellerID  uuid.UUID `db:"reseller_id" json:"reseller_id"`
	ResellerRef string    `db:"reseller_ref" json:"reseller_ref"`
	Status      string    `db:"status" json:"status"`
	ItemCount   int       `db:"item_count" json:"item_count"`
	TotalCents  int64     `db:"total_cents" json:"total_cents"`
	CreatedAt   time.Time `db:"created_at" json:"created_at"`
	UpdatedAt   time.Time `db:"updated_at" json:"updated_at"`
}

type BatchItem struct {
	ID           uuid.UUID `db:"id" json:"id"`
	BatchID      uuid.UUID `db:"batch_id" json:"batch_id"`
	MSISDN       string    `db:"msisdn" json:"msisdn"`
	Operator     string    `db:"operator" json:"operator"`
	AmountCents  int64     `db:"amount_cents" json:"amount_cents"`
	Status       string    `db:"status" json:"status"`
	CarrierTxnID *string   `db:"carrier_txn_id" json:"carrier_txn_id,omitempty"`
	Error        *string   `db:"error" json:"error,omitempty"`
	UpdatedAt    time.Time `db:"updated_at" json:"updated_at"`
}

type WebhookEndpoint struct {
	ID         uuid.UUID      `db:"id"`
	ResellerID uuid.UUID      `db:"reseller_id"`
	URL        string         `db:"url"`
	Secret     string         `db:"secret"`
	EventTypes pq.StringArray `db:"event_types"`
	Active     bool           `db:"active"`
	CreatedAt  time.Time      `db:"created_at"`
}

func (e WebhookEndpoint) Wants(eventType string) bool {
	if len(e.EventTypes) == 0 {
		return true
	}
	for _, t := range e.EventTypes {
		if t == eventType || t == "*" {
			return true
		}
	}
	return false
}

type WebhookDelivery struct {
	ID          uuid.UUID `db:"id"`
	EndpointID  uuid.UUID `db:"endpoint_id"`
	EventID     string    `db:"event_id"`
	EventType   string    `db:"event_type"`
	StatusCode  *int      `db:"status_code"`
	Error       *string   `db:"error"`
	AttemptedAt time.Time `db:"attempted_at"`
}

type Commission struct {
	ID          uuid.UUID `db:"id"`
	ResellerID  uuid.UUID `db:"reseller_id"`
	TopUpID     uuid.UUID `db:"topup_id"`
	AmountCents int64     `db:"amount_cents"`
	CreatedAt   time.Time `db:"created_at"`
}

type Invoice struct {
	ID         uuid.UUID `db:"id"`
	ResellerID uuid.UUID `db:"reseller_id"`
	Period     string    `db:"period"`
	Number     string    `db:"number"`
	TotalCents int64     `db:"total_cents"`
	CreatedAt  time.Time `db:"created_at"`
}

type IdempotencyRecord struct {
	ResellerID uuid.UUID `db:"reseller_id"`
	Key        string    `db:"key"`
	StatusCode int       `db:"status_code"`
	Response   []byte    `db:"response"`
	CreatedAt  time.Time `db:"created_at"`
}
