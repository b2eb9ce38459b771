package custody

import "time"

// Transaction statuses reported by the provider.
const (
	StatusSubmitted  = "SUBMITTED"
	StatusPending    = "PENDING_SIGNATURE"
	StatusBroadcast  = "BROADCASTING"
	StatusConfirming = "CONFIRMING"
	StatusCompleted  = "COMPLETED"
	StatusFailed     = "FAILED"
	StatusRejected   = "REJECTED"
	StatusCancelled  = "CANCELLED"
)

// Transaction is the provider's view of a transfer.
type Transaction struct {
	ID            string    `json:"id"`
	Status        string    `json:"status"`
	SubStatus     string    `json:"subStatus"`
	TxHash        string    `json:"txHash"`
	AssetID       string    `json:"assetId"`
	Amount        string    `json:"amount"`
	NetworkFee    string    `json:"networkFee"`
	CustomerRefID string    `json:"customerRefId"`
	CreatedAt     time.Time `json:"createdAt"`
}

// Address is an allocated deposit address.
type Address struct {
	ID      string `json:"id"`
	Address string `json:"address"`
	Tag     string `json:"tag"`
	AssetID string `json:"assetId"`
	Network string `json:"network"`
}

// WebhookEvent is the envelope of provider callbacks.
type WebhookEvent struct {
	ID        string      `json:"id"`
	Type      string      `json:"type"`
	CreatedAt time.Time   `json:"createdAt"`
	Data      Transaction `json:"data"`
}
