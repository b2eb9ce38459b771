package service

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/stripe/stripe-go/v82"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
	"github.com/fairwaylinks/teetimes/internal/queue"
	"github.com/fairwaylinks/teetimes/internal/store"
)

// PaymentEvents applies Stripe webhook events to the records they settle.
type PaymentEvents interface {
	Handle(ctx context.Context, evt stripe.Event) error
}

// PaymentEventParams are the dependencies of the payment event service.
type PaymentEventParams struct {
	fx.In

	Log      *zap.Logger
	UoW      db.UnitOfWork
	Events   store.WebhookEventStore
	Bookings store.BookingStore
	Vouchers store.VoucherStore
	Entries  store.EntryStore
	Sessions store.SessionStore
	Accounts store.AccountStore
	Ledger   store.LedgerStore
	Jobs     queue.Enqueuer
}

type paymentEventService struct {
	log      *zap.Logger
	uow      db.UnitOfWork
	events   store.WebhookEventStore
	bookings store.BookingStore
	vouchers store.VoucherStore
	entries  store.EntryStore
	sessions store.SessionStore
	accounts store.AccountStore
	ledger   store.LedgerStore
	jobs     queue.Enqueuer
	now      func() time.Time
}

// NewPaymentEventService builds the payment event service.
func NewPaymentEventService(p PaymentEventParams) *paymentEventService {
	return &paymentEventService{
		log:      p.Log.Named("payment-events"),
		uow:      p.UoW,
		events:   p.Events,
		bookings: p.Bookings,
		vouchers: p.Vouchers,
		entries:  p.Entries,
		sessions: p.Sessions,
		accounts: p.Accounts,
		ledger:   p.Ledger,
		jobs:     p.Jobs,
		now:      func() time.Time { return time.Now().UTC() },
	}
}

// Handle applies one event. Stripe resends an event until it gets a 2xx,
// so events already applied are skipped.
func (s *paymentEventService) Handle(ctx context.Context, evt stripe.Event) error {
	done, err := s.events.IsProcessed(ctx, evt.ID)
	if err != nil {
		return err
	}
	if done {
		s.log.Debug("duplicate stripe event", zap.String("event_id", evt.ID))
		return nil
	}

	switch evt.Type {
	case stripe.EventTypePaymentIntentSucceeded:
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
			return fmt.Errorf("decode payment_intent: %w", err)
		}
		if err := s.uow.Do(ctx, func(ctx context.Context) error {
			return s.onSucceeded(ctx, &pi)
		}); err != nil {
			return err
		}
	case stripe.EventTypePaymentIntentPaymentFailed:
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
			return fmt.Errorf("decode payment_intent: %w", err)
		}
		if err := s.onFailed(ctx, &pi); err != nil {
			return err
		}
	default:
		s.log.Debug("ignoring stripe event", zap.String("type", string(evt.Type)))
	}

	return s.events.MarkProcessed(ctx, "stripe", evt.ID, string(evt.Type))
}

func (s *paymentEventService) onSucceeded(ctx context.Context, pi *stripe.PaymentIntent) error {
	md := pi.Metadata
	now := s.now()
	switch md["kind"] {
	case "booking":
		_, err := s.bookings.UpdateWhere(ctx,
			map[string]any{"status": domain.BookingConfirmed, "payment_intent_id": pi.ID, "updated_at": now},
			"id = ? AND status = ?", md["booking_id"], domain.BookingPendingPayment)
		return err

	case "voucher":
		n, err := s.vouchers.UpdateWhere(ctx,
			map[string]any{"status": domain.VoucherActive, "updated_at": now},
			"id = ? AND status = ?", md["voucher_id"], domain.VoucherPendingPayment)
		if err != nil || n == 0 {
			return err
		}
		_, err = s.jobs.EnqueueTx(ctx, queue.VoucherDeliveryArgs{VoucherID: md["voucher_id"]})
		return err

	case "tournament_entry":
		_, err := s.entries.UpdateWhere(ctx,
			map[string]any{"status": domain.EntryPaid, "updated_at": now},
			"id = ? AND status = ?", md["entry_id"], domain.EntryPendingPayment)
		return err

	case "coach_session":
		_, err := s.sessions.UpdateWhere(ctx,
			map[string]any{"status": domain.SessionConfirmed, "updated_at": now},
			"id = ? AND status = ?", md["session_id"], domain.SessionRequested)
		return err

	case "proshop_settlement":
		acct, err := s.accounts.Get(ctx, md["account_id"])
		if err != nil {
			return notFoundOr(err, "pro-shop account")
		}
		if _, err := s.ledger.Append(ctx, store.LedgerLine{
			AccountID:   acct.ID,
			AmountCents: -pi.AmountReceived,
			Kind:        "card_settlement",
			SourceRef:   pi.ID,
			Description: "Card payment",
		}); err != nil {
			return err
		}
		if err := s.accounts.AdjustBalance(ctx, acct.ID, -pi.AmountReceived); err != nil {
			return err
		}
		_, err = s.accounts.Update(ctx, acct.ID, map[string]any{"settlement_intent_id": nil})
		return err

	default:
		s.log.Warn("payment_intent without a known kind", zap.String("payment_intent", pi.ID))
		return nil
	}
}

func (s *paymentEventService) onFailed(ctx context.Context, pi *stripe.PaymentIntent) error {
	md := pi.Metadata
	s.log.Info("payment failed",
		zap.String("payment_intent", pi.ID),
		zap.String("kind", md["kind"]))
	if md["kind"] == "proshop_settlement" {
		_, err := s.accounts.Update(ctx, md["account_id"], map[string]any{"settlement_intent_id": nil})
		return err
	}
	return nil
}
