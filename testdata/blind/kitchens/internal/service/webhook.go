package service

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"github.com/hearthkit/commissary/internal/domain"
	"github.com/hearthkit/commissary/internal/repository"
	"github.com/hearthkit/commissary/internal/tasks"
)

type eventHandler func(ctx context.Context, ev domain.PaymentEvent) error

type webhookService struct {
	store    repository.Store
	queue    TaskQueue
	log      *slog.Logger
	now      Clock
	handlers map[string]eventHandler
}

// NewWebhookService builds the Paylane webhook processor.
func NewWebhookService(store repository.Store, q TaskQueue, log *slog.Logger) WebhookService {
	s := &webhookService{store: store, queue: q, log: log, now: SystemClock}
	s.handlers = map[string]eventHandler{
		"charge.succeeded":      s.onChargeSucceeded,
		"authorization.expired": s.onAuthorizationExpired,
		"payout.paid":           s.onPayoutPaid,
	}
	return s
}

// HandlePaymentEvent applies one webhook delivery. Paylane retries any
// delivery that does not get a 2xx within 10 seconds.
func (s *webhookService) HandlePaymentEvent(ctx context.Context, ev domain.PaymentEvent) error {
	seen, err := s.store.WebhookEvents().Seen(ctx, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	if h, ok := s.handlers[ev.Type]; ok {
		if err := h(ctx, ev); err != nil {
			return err
		}
	} else {
		s.log.DebugContext(ctx, "ignoring payment event", "type", ev.Type, "id", ev.ID)
	}
	return s.store.WebhookEvents().MarkProcessed(ctx, ev.ID, ev.Type)
}

func (s *webhookService) onChargeSucceeded(ctx context.Context, ev domain.PaymentEvent) error {
	bookingID := ev.Data.Metadata["booking_id"]
	if bookingID == "" {
		return nil
	}
	err := s.store.InTx(ctx, func(tx repository.Store) error {
		// Usage invoices are charged without a booking_charges row, so
		// there may be nothing to update here.
		if _, err := tx.Charges().MarkSucceeded(ctx, ev.Data.ObjectID); err != nil {
			return err
		}
		return tx.Ledger().Insert(ctx, &domain.LedgerEntry{
			ID:          uuid.NewString(),
			BookingID:   bookingID,
			Kind:        "charge:" + ev.Data.Metadata["kind"],
			AmountCents: ev.Data.AmountCents,
			Currency:    ev.Data.Currency,
			ProviderRef: ev.Data.ObjectID,
		})
	})
	if err != nil {
		return err
	}
	return s.queue.PaymentReceipt(ctx, tasks.ReceiptPayload{
		EventID:     ev.ID,
		ChargeID:    ev.Data.ObjectID,
		BookingID:   bookingID,
		AmountCents: ev.Data.AmountCents,
		Currency:    ev.Data.Currency,
	})
}

func (s *webhookService) onAuthorizationExpired(ctx context.Context, ev domain.PaymentEvent) error {
	ok, err := s.store.Deposits().MarkExpired(ctx, ev.Data.ObjectID)
	if err != nil {
		return err
	}
	if ok {
		s.log.WarnContext(ctx, "deposit hold expired", "authorization", ev.Data.ObjectID)
	}
	return nil
}

func (s *webhookService) onPayoutPaid(ctx context.Context, ev domain.PaymentEvent) error {
	_, err := s.store.Payouts().MarkPaid(ctx, ev.Data.ObjectID, ev.CreatedAt)
	return err
}
