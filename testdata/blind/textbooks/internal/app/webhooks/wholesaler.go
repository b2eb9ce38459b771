package webhooks

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/domain"
)

type Settlement interface {
	BatchByLot(ctx context.Context, lotID string) (*domain.SettlementBatch, error)
	AddReceipt(ctx context.Context, rc *domain.WholesaleReceipt) error
	MarkPaid(ctx context.Context, lotID string, at time.Time) error
}

type PartnerEvents interface {
	Claim(ctx context.Context, eventID, eventType string) (bool, error)
}

type Wholesaler struct {
	settlement Settlement
	events     PartnerEvents
	tx         TxRunner
}

var _ app.WholesalerWebhookService = (*Wholesaler)(nil)

func NewWholesaler(s Settlement, ev PartnerEvents, tx TxRunner) *Wholesaler {
	return &Wholesaler{settlement: s, events: ev, tx: tx}
}

func (w *Wholesaler) Handle(ctx context.Context, evt app.WholesalerEvent) error {
	switch evt.Type {
	case "lot.received":
		return w.lotReceived(ctx, evt)
	case "lot.paid":
		return w.lotPaid(ctx, evt)
	default:
		slog.DebugContext(ctx, "ignoring wholesaler event", "type", evt.Type, "id", evt.ID)
		return nil
	}
}

// lotReceived records the wholesaler's receiving count for one of our lots.
func (w *Wholesaler) lotReceived(ctx context.Context, evt app.WholesalerEvent) error {
	batch, err := w.settlement.BatchByLot(ctx, evt.LotID)
	if errors.Is(err, app.ErrNoRows) {
		return app.NotFound("unknown lot " + evt.LotID)
	}
	if err != nil {
		return err
	}
	return w.settlement.AddReceipt(ctx, &domain.WholesaleReceipt{
		PartnerLotID:  evt.LotID,
		BatchID:       batch.ID,
		ReceivedCount: evt.Received,
		RejectedCount: evt.Rejected,
		ReceivedAt:    evt.At,
	})
}

// lotPaid closes a settlement batch when the wholesaler's remittance lands.
func (w *Wholesaler) lotPaid(ctx context.Context, evt app.WholesalerEvent) error {
	return w.tx.InTx(ctx, func(ctx context.Context) error {
		first, err := w.events.Claim(ctx, evt.ID, evt.Type)
		if err != nil || !first {
			return err
		}
		return w.settlement.MarkPaid(ctx, evt.LotID, evt.At)
	})
}
