package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/ids"
	"github.com/tradeloop/homeservices/internal/store"
	"github.com/tradeloop/homeservices/internal/webhook"
)

// StripeEvents applies Stripe webhook events to holds and the ledger.
type StripeEvents struct {
	uow      store.UnitOfWork
	repos    *store.Repos
	handlers map[stripe.EventType]func(context.Context, stripe.Event) error
	handle   func(context.Context, stripe.Event) error
	now      func() time.Time
}

// NewStripeEvents builds StripeEvents.
func NewStripeEvents(uow store.UnitOfWork, repos *store.Repos) *StripeEvents {
	s := &StripeEvents{uow: uow, repos: repos, now: time.Now}
	s.handlers = map[stripe.EventType]func(context.Context, stripe.Event) error{
		stripe.EventTypePaymentIntentAmountCapturableUpdated: s.onAuthorized,
		stripe.EventTypePaymentIntentSucceeded:               s.onSucceeded,
		stripe.EventTypePaymentIntentCanceled:                s.onCanceled,
		stripe.EventTypeChargeRefunded:                       s.onRefunded,
	}
	s.handle = webhook.Once("stripe", repos.ProcessedEvents, func(e stripe.Event) string { return e.ID }, s.route)
	return s
}

// Handle processes one verified event.
func (s *StripeEvents) Handle(ctx context.Context, evt stripe.Event) error {
	return s.handle(ctx, evt)
}

func (s *StripeEvents) route(ctx context.Context, evt stripe.Event) error {
	h, ok := s.handlers[evt.Type]
	if !ok {
		slog.DebugContext(ctx, "ignoring stripe event", "type", evt.Type, "id", evt.ID)
		return nil
	}
	return h(ctx, evt)
}

func decodeObject[T any](evt stripe.Event) (*T, error) {
	if evt.Data == nil {
		return nil, fmt.Errorf("billing: event %s has no data", evt.ID)
	}
	var v T
	if err := json.Unmarshal(evt.Data.Raw, &v); err != nil {
		return nil, fmt.Errorf("billing: decode %s: %w", evt.Type, err)
	}
	return &v, nil
}

// holdFor finds the hold for a PaymentIntent; intents we did not create
// (e.g. from the dashboard) are ignored.
func (s *StripeEvents) holdFor(ctx context.Context, repos *store.Repos, piID string) (*domain.PaymentHold, error) {
	h, err := repos.Holds.ByPaymentIntent(ctx, piID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil, nil
	}
	return h, err
}

func (s *StripeEvents) onAuthorized(ctx context.Context, evt stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](evt)
	if err != nil {
		return err
	}
	h, err := s.holdFor(ctx, s.repos, pi.ID)
	if err != nil || h == nil {
		return err
	}
	_, err = s.repos.Holds.SetStatus(ctx, h.ID, []string{domain.HoldPending}, domain.HoldAuthorized)
	return err
}

func (s *StripeEvents) onSucceeded(ctx context.Context, evt stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](evt)
	if err != nil {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		h, err := s.holdFor(ctx, tx, pi.ID)
		if err != nil || h == nil {
			return err
		}
		if err := tx.Holds.MarkCaptured(ctx, h.ID, pi.AmountReceived); err != nil {
			return err
		}
		jobID := h.JobID
		return tx.Ledger.Append(ctx, domain.LedgerEntry{
			ID:          ids.Sortable(),
			Account:     domain.AccountPlatformRevenue,
			JobID:       &jobID,
			Kind:        "deposit_captured",
			AmountCents: pi.AmountReceived,
			Currency:    string(pi.Currency),
			Reference:   pi.ID,
			CreatedAt:   s.now(),
		})
	})
}

func (s *StripeEvents) onCanceled(ctx context.Context, evt stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](evt)
	if err != nil {
		return err
	}
	h, err := s.holdFor(ctx, s.repos, pi.ID)
	if err != nil || h == nil {
		return err
	}
	_, err = s.repos.Holds.SetStatus(ctx, h.ID, []string{domain.HoldPending, domain.HoldAuthorized}, domain.HoldReleased)
	return err
}

func (s *StripeEvents) onRefunded(ctx context.Context, evt stripe.Event) error {
	ch, err := decodeObject[stripe.Charge](evt)
	if err != nil {
		return err
	}
	if ch.PaymentIntent == nil {
		return nil
	}
	return s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		h, err := s.holdFor(ctx, tx, ch.PaymentIntent.ID)
		if err != nil || h == nil {
			return err
		}
		jobID := h.JobID
		return tx.Ledger.Append(ctx, domain.LedgerEntry{
			ID:          ids.Sortable(),
			Account:     domain.AccountCustomerCredit,
			JobID:       &jobID,
			Kind:        "refund_settled",
			AmountCents: ch.AmountRefunded,
			Currency:    string(ch.Currency),
			Reference:   ch.ID,
			CreatedAt:   s.now(),
		})
	})
}
