package tugs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/store"
)

// ConfirmationsTopic carries the tug company's order confirmations,
// bridged onto our cluster by the partner gateway.
const ConfirmationsTopic = "tugs.confirmations.v1"

type confirmation struct {
	ConfirmationID string    `json:"confirmation_id"`
	OrderID        string    `json:"order_id"`
	Tugs           []string  `json:"tugs"`
	ConfirmedAt    time.Time `json:"confirmed_at"`
}

type ConfirmationHandler struct {
	uow store.UnitOfWork
	log *slog.Logger
}

func NewConfirmationHandler(uow store.UnitOfWork, log *slog.Logger) *ConfirmationHandler {
	return &ConfirmationHandler{uow: uow, log: log.With("handler", ConfirmationsTopic)}
}

func (h *ConfirmationHandler) Handle(ctx context.Context, msg kafka.Message) error {
	var c confirmation
	if err := json.Unmarshal(msg.Value, &c); err != nil || c.ConfirmationID == "" {
		h.log.Error("dropping malformed confirmation", "offset", msg.Offset, "err", err)
		return nil
	}
	return h.uow.WithinTx(ctx, func(ctx context.Context, q *db.Queries) error {
		err := q.InsertTugConfirmation(ctx, db.InsertTugConfirmationParams{
			ConfirmationID: c.ConfirmationID,
			TugOrderID:     c.OrderID,
			TugNames:       c.Tugs,
			ConfirmedAt:    c.ConfirmedAt,
		})
		if err != nil {
			return fmt.Errorf("store confirmation %s: %w", c.ConfirmationID, err)
		}
		n, err := q.ConfirmTugOrder(ctx, c.OrderID)
		if err != nil {
			return err
		}
		if n == 0 {
			h.log.Info("confirmation for an order that is not open", "order_id", c.OrderID)
		}
		return nil
	})
}
