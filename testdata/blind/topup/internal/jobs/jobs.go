// Package jobs declares the background job types shared by the producers
// (API, consumers) and the asynq worker.
package jobs

import (
	"context"

	"github.com/google/uuid"
)

const (
	TypeDeliverTopUp     = "topup:deliver"
	TypeSendWebhook      = "webhook:send"
	TypeProcessBatchItem = "batch:process-item"
	TypeGenerateInvoice  = "invoice:generate"
)

// Queue enqueues background jobs. A non-empty taskID makes the queue drop a
// job whose ID it already holds.
type Queue interface {
	Enqueue(ctx context.Context, taskType string, payload any, taskID string) error
}

type DeliverTopUp struct {
	TopUpID uuid.UUID `json:"topup_id"`
}

type SendWebhook struct {
	ResellerID uuid.UUID      `json:"reseller_id"`
	EventType  string         `json:"event_type"`
	Data       map[string]any `json:"data"`
}

type ProcessBatchItem struct {
	BatchID uuid.UUID `json:"batch_id"`
	ItemID  uuid.UUID `json:"item_id"`
}

type GenerateInvoice struct {
	ResellerID uuid.UUID `json:"reseller_id"`
	Period     string    `json:"period"` // YYYY-MM
}

func DeliverTaskID(id uuid.UUID) string { return "deliver:" + id.String() }
