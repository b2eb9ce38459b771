// Package receipts books the payment provider's receipts from the
// messages main routes to it.
package receipts

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/segmentio/kafka-go"
)

// Handler books receipts.
type Handler struct{ DB *sql.DB }

type receipt struct {
	ReceiptID string `json:"receipt_id"`
	Amount    int64  `json:"amount"`
}

// Book stores the receipt under the provider's receipt ID.
func (h *Handler) Book(ctx context.Context, m kafka.Message) error {
	var r receipt
	if err := json.Unmarshal(m.Value, &r); err != nil {
		return nil
	}
	_, err := h.DB.ExecContext(ctx, "INSERT INTO receipts (receipt_id, amount) VALUES ($1, $2)", r.ReceiptID, r.Amount) // want `a retry inserts the row for the same receipt_id again, which fails or duplicates it: the INSERT into receipts in receipts.Handler.Book has no conflict handling for the caller-known receipt_id \(kafka-go consumer loop Handler.Book\)`
	return err
}

// BookOnce stores it unless it is there.
func (h *Handler) BookOnce(ctx context.Context, m kafka.Message) error {
	var r receipt
	if err := json.Unmarshal(m.Value, &r); err != nil {
		return nil
	}
	_, err := h.DB.ExecContext(ctx, "INSERT INTO receipts (receipt_id, amount) VALUES ($1, $2) ON CONFLICT (receipt_id) DO NOTHING", r.ReceiptID, r.Amount)
	return err
}
