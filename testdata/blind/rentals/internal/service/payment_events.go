package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/stripe/stripe-go/v82"

	"github.com/gearloop/rentals/internal/domain"
	"github.com/gearloop/rentals/internal/ids"
	"github.com/gearloop/rentals/internal/store"
)

// PaymentEvents applies Stripe webhook events.
type PaymentEvents interface {
	Apply(ctx context.Context, ev stripe.Event) error
}

type paymentEventHandler func(ctx context.Context, ev stripe.Event) error

type paymentEventService struct {
	uow    store.UnitOfWork
	repos  store.Repos
	clock  Clock
	log    *slog.Logger
	routes map[stripe.EventType]paymentEventHandler
}

// NewPaymentEvents builds the Stripe event applier.
func NewPaymentEvents(uow store.UnitOfWork, repos store.Repos, clock Clock, log *slog.Logger) PaymentEvents {
	s := &paymentEventService{uow: uow, repos: repos, clock: clock, log: log}
	s.routes = map[stripe.EventType]paymentEventHandler{
		stripe.EventTypePaymentIntentSucceeded:               s.onPaymentSucceeded,
		stripe.EventTypePaymentIntentAmountCapturableUpdated: s.onDepositAuthorized,
		stripe.EventTypePaymentIntentCanceled:                s.onDepositCanceled,
		stripe.EventTypeChargeRefunded:                       s.onChargeRefunded,
		stripe.EventTypeAccountUpdated:                       s.onAccountUpdated,
	}
	return s
}

// Apply runs the handler for ev once per Stripe event ID.
func (s *paymentEventService) Apply(ctx context.Context, ev stripe.Event) error {
	h, ok := s.routes[ev.Type]
	if !ok {
		return nil
	}
	seen, err := s.repos.Webhooks.Seen(ctx, "stripe", ev.ID)
	if err != nil {
		return err
	}
	if seen {
		s.log.InfoContext(ctx, "stripe event already processed", "event_id", ev.ID)
		return nil
	}
	if err := h(ctx, ev); err != nil {
		return fmt.Errorf("%s: %w", ev.Type, err)
	}
	return s.repos.Webhooks.MarkProcessed(ctx, "stripe", ev.ID, string(ev.Type))
}

func decodeObject[T any](ev stripe.Event) (T, error) {
	var out T
	if err := json.Unmarshal(ev.Data.Raw, &out); err != nil {
		return out, fmt.Errorf("decode %s: %w", ev.Type, err)
	}
	return out, nil
}

func (s *paymentEventService) onPaymentSucceeded(ctx context.Context, ev stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](ev)
	if err != nil {
		return err
	}
	if pi.Metadata["purpose"] != "rental" || pi.Metadata["booking_id"] == "" {
		return nil
	}
	return s.repos.Bookings.AttachPaymentIntent(ctx, pi.Metadata["booking_id"], pi.ID)
}

func (s *paymentEventService) onDepositAuthorized(ctx context.Context, ev stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](ev)
	if err != nil {
		return err
	}
	if pi.Metadata["purpose"] != "deposit" {
		return nil
	}
	dep, err := s.repos.Deposits.GetByBooking(ctx, pi.Metadata["booking_id"])
	if err != nil {
		return err
	}
	_, err = s.repos.Deposits.MarkAuthorized(ctx, dep.ID, pi.ID)
	return err
}

func (s *paymentEventService) onDepositCanceled(ctx context.Context, ev stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](ev)
	if err != nil {
		return err
	}
	dep, err := s.repos.Deposits.GetByPaymentIntent(ctx, pi.ID)
	if err != nil {
		return nil //nolint:nilerr // not a deposit
	}
	_, err = s.repos.Deposits.SetStatus(ctx, dep.ID, domain.DepositAuthorized, domain.DepositReleased)
	return err
}

// onChargeRefunded books the refund against the renter in the ledger.
func (s *paymentEventService) onChargeRefunded(ctx context.Context, ev stripe.Event) error {
	ch, err := decodeObject[stripe.Charge](ev)
	if err != nil {
		return err
	}
	bookingID := ch.Metadata["booking_id"]
	if bookingID == "" && ch.PaymentIntent != nil {
		bookingID = ch.PaymentIntent.Metadata["booking_id"]
	}
	if bookingID == "" {
		return nil
	}
	amount := ch.AmountRefunded
	if prev, ok := ev.Data.PreviousAttributes["amount_refunded"].(float64); ok {
		amount -= int64(prev)
	}
	if amount <= 0 {
		return nil
	}
	b, err := s.repos.Bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		if err := r.Ledger.Append(ctx, domain.LedgerEntry{
			ID:          ids.NewUUID(),
			BookingID:   b.ID,
			Account:     "renter:" + b.RenterID,
			Kind:        "refund",
			AmountCents: amount,
			Currency:    string(ch.Currency),
			Reference:   ch.ID,
			CreatedAt:   s.clock.Now(),
		}); err != nil {
			return err
		}
		return r.Ledger.Append(ctx, domain.LedgerEntry{
			ID:          ids.NewUUID(),
			BookingID:   b.ID,
			Account:     "platform:clearing",
			Kind:        "refund",
			AmountCents: -amount,
			Currency:    string(ch.Currency),
			Reference:   ch.ID,
			CreatedAt:   s.clock.Now(),
		})
	})
}

func (s *paymentEventService) onAccountUpdated(ctx context.Context, ev stripe.Event) error {
	acct, err := decodeObject[stripe.Account](ev)
	if err != nil {
		return err
	}
	return s.repos.Users.SetPayoutsEnabled(ctx, acct.ID, acct.PayoutsEnabled)
}
