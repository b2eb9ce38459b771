package accounts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
	"github.com/tidewater-yc/clubhouse/internal/jobs"
	"github.com/tidewater-yc/clubhouse/internal/platform/ids"
	"github.com/tidewater-yc/clubhouse/internal/platform/uow"
	"github.com/tidewater-yc/clubhouse/internal/store"
)

// PaymentEvents applies Stripe webhook events to club state.
type PaymentEvents interface {
	Apply(ctx context.Context, evt stripe.Event) error
}

type paymentEvents struct {
	uow      uow.UnitOfWork
	repos    *store.Repos
	enqueuer jobs.Enqueuer
	newID    ids.Generator
	now      func() time.Time
	log      *slog.Logger
}

// NewPaymentEvents builds the Stripe event processor.
func NewPaymentEvents(u uow.UnitOfWork, repos *store.Repos, enq jobs.Enqueuer, log *slog.Logger) PaymentEvents {
	return &paymentEvents{uow: u, repos: repos, enqueuer: enq, newID: ids.ULIDs, now: time.Now, log: log}
}

// Apply applies one event in a single transaction.
func (p *paymentEvents) Apply(ctx context.Context, evt stripe.Event) error {
	return p.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		switch evt.Type {
		case stripe.EventTypeInvoicePaid:
			return p.invoicePaid(ctx, tx, evt)
		case stripe.EventTypePaymentIntentSucceeded:
			return p.intentSucceeded(ctx, tx, evt)
		case stripe.EventTypePaymentIntentPaymentFailed:
			return p.intentFailed(ctx, tx, evt)
		default:
			p.log.DebugContext(ctx, "ignoring stripe event", "type", evt.Type, "id", evt.ID)
			return nil
		}
	})
}

func (p *paymentEvents) invoicePaid(ctx context.Context, tx bun.Tx, evt stripe.Event) error {
	var inv stripe.Invoice
	if err := json.Unmarshal(evt.Data.Raw, &inv); err != nil {
		return fmt.Errorf("decode invoice: %w", err)
	}
	dues, err := p.repos.Dues.GetByStripeInvoice(ctx, tx, inv.ID)
	if errors.Is(err, store.ErrNotFound) {
		// Not a dues invoice (e.g. one raised by hand in the dashboard).
		return nil
	}
	if err != nil {
		return err
	}
	now := p.now()
	if err := p.repos.Dues.MarkPaid(ctx, tx, dues.ID, now); err != nil {
		return err
	}
	return p.repos.Accounts.Post(ctx, tx, &domain.AccountTransaction{
		ID:          p.newID(),
		MemberID:    dues.MemberID,
		Kind:        domain.TxnPayment,
		AmountCents: -inv.AmountPaid,
		Description: fmt.Sprintf("%d dues payment — thank you", dues.DuesYear),
		Reference:   inv.ID,
		PostedAt:    now,
	})
}

func (p *paymentEvents) intentSucceeded(ctx context.Context, tx bun.Tx, evt stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return fmt.Errorf("decode payment intent: %w", err)
	}
	bookingID := pi.Metadata["guest_booking_id"]
	if bookingID == "" {
		return nil
	}
	ok, err := p.repos.Guests.Transition(ctx, tx, bookingID, domain.GuestConfirmed, domain.GuestPending)
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	return p.enqueuer.EnqueueTx(ctx, tx, jobs.GuestConfirmationArgs{BookingID: bookingID}, nil)
}

func (p *paymentEvents) intentFailed(ctx context.Context, tx bun.Tx, evt stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return fmt.Errorf("decode payment intent: %w", err)
	}
	if ticket := pi.Metadata["fuel_ticket"]; ticket != "" {
		purchase, err := p.repos.Fuel.GetByTicket(ctx, tx, ticket)
		if err != nil {
			return nil
		}
		reason := "payment failed"
		if pi.LastPaymentError != nil {
			reason = pi.LastPaymentError.Msg
		}
		return p.repos.Fuel.MarkFailed(ctx, tx, purchase.ID, reason)
	}
	return nil
}
