// Package payments implements usecase.PaymentWebhooks: Stripe events that
// change our view of a payment after the fact, such as refund settlement.
package payments

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/stripe/stripe-go/v82"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/provider/stripepay"
)

type eventHandler func(ctx context.Context, q *db.Queries, ev stripe.Event) error

// Service implements usecase.PaymentWebhooks.
type Service struct {
	store    *db.Store
	verify   func(payload []byte, sig string) (stripe.Event, error)
	log      *slog.Logger
	handlers map[stripe.EventType]eventHandler
}

// New builds the service and its event table.
func New(store *db.Store, sp *stripepay.Client, log *slog.Logger) *Service {
	s := &Service{store: store, verify: sp.VerifyWebhook, log: log}
	s.handlers = map[stripe.EventType]eventHandler{
		"refund.updated":        s.onRefundUpdated,
		"charge.refund.updated": s.onRefundUpdated,
	}
	return s
}

// HandleStripeEvent verifies and applies one webhook delivery.
func (s *Service) HandleStripeEvent(ctx context.Context, payload []byte, signature string) error {
	ev, err := s.verify(payload, signature)
	if err != nil {
		return err
	}
	h, ok := s.handlers[ev.Type]
	if !ok {
		s.log.DebugContext(ctx, "ignoring stripe event", "type", ev.Type, "id", ev.ID)
		return nil
	}
	return s.store.InTx(ctx, func(ctx context.Context, _ pgx.Tx, q *db.Queries) error {
		if err := q.InsertStripeEvent(ctx, db.InsertStripeEventParams{
			EventID:   ev.ID,
			EventType: string(ev.Type),
		}); err != nil {
			return fmt.Errorf("record stripe event %s: %w", ev.ID, err)
		}
		return h(ctx, q, ev)
	})
}

func (s *Service) onRefundUpdated(ctx context.Context, q *db.Queries, ev stripe.Event) error {
	var r stripe.Refund
	if err := json.Unmarshal(ev.Data.Raw, &r); err != nil {
		return fmt.Errorf("decode refund: %w", err)
	}
	if r.Status != stripe.RefundStatusSucceeded {
		return nil
	}
	_, err := q.MarkRefundSettled(ctx, r.ID)
	return err
}
