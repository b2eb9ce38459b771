package domain

import (
	"encoding/json"
	"time"
)

// PromoterEnvelope is the wire shape of every message on the promoter topic.
type PromoterEnvelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

type TicketTransferred struct {
	TransferID string    `json:"transfer_id"`
	Reference  string    `json:"client_reference"`
	AcceptedAt time.Time `json:"accepted_at"`
}

type TicketTransferFailed struct {
	TransferID string `json:"transfer_id"`
	Reference  string `json:"client_reference"`
	Reason     string `json:"reason"`
	Retryable  bool   `json:"retryable"`
}

type EventRescheduled struct {
	EventID     string    `json:"event_id"`
	OldStartsAt time.Time `json:"old_starts_at"`
	NewStartsAt time.Time `json:"new_starts_at"`
}

type EventCancelled struct {
	EventID string `json:"event_id"`
	Reason  string `json:"reason"`
}

type EventCompleted struct {
	EventID string    `json:"event_id"`
	EndedAt time.Time `json:"ended_at"`
}

type BarcodeReissued struct {
	EventID    string `json:"event_id"`
	OldBarcode string `json:"old_barcode"`
	NewBarcode string `json:"new_barcode"`
}
