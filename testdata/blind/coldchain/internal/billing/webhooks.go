package billing

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/stripe/stripe-go/v82"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/platform"
)

// EventHandler handles one Stripe event type.
type EventHandler = func(ctx context.Context, ev stripe.Event) error

// EventRouter dispatches verified Stripe webhook events to handlers
// registered by the packages that own them.
type EventRouter struct {
	handlers map[stripe.EventType]EventHandler
	log      *slog.Logger
}

func NewEventRouter(log *slog.Logger) *EventRouter {
	return &EventRouter{handlers: map[stripe.EventType]EventHandler{}, log: log}
}

// Handle registers fn for t.
func (r *EventRouter) Handle(t stripe.EventType, fn EventHandler) {
	r.handlers[t] = fn
}

// Dispatch runs the handler for ev. Unknown types are acknowledged.
func (r *EventRouter) Dispatch(ctx context.Context, ev stripe.Event) error {
	h, ok := r.handlers[ev.Type]
	if !ok {
		r.log.Debug("ignoring stripe event", "type", ev.Type, "id", ev.ID)
		return nil
	}
	return h(ctx, ev)
}

// PaymentEvents reconciles PaymentIntent webhooks with invoices.
type PaymentEvents struct {
	repo  Repository
	newID platform.IDFunc
	log   *slog.Logger
}

func NewPaymentEvents(repo Repository, log *slog.Logger) *PaymentEvents {
	return &PaymentEvents{repo: repo, newID: platform.NewULID, log: log}
}

// Register wires the payment handlers into r.
func (p *PaymentEvents) Register(r *EventRouter) {
	r.Handle(stripe.EventTypePaymentIntentSucceeded, p.succeeded)
}

func decodePaymentIntent(ev stripe.Event) (stripe.PaymentIntent, error) {
	var pi stripe.PaymentIntent
	if ev.Data == nil {
		return pi, fmt.Errorf("event %s has no data", ev.ID)
	}
	if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
		return pi, fmt.Errorf("decode payment intent: %w", err)
	}
	return pi, nil
}

func (p *PaymentEvents) succeeded(ctx context.Context, ev stripe.Event) error {
	pi, err := decodePaymentIntent(ev)
	if err != nil {
		return err
	}
	invoiceID := pi.Metadata["invoice_id"]
	if invoiceID == "" {
		return nil
	}

	n, err := p.repo.MarkInvoicePaid(ctx, invoiceID, pi.ID, unixTime(pi.Created))
	if err != nil {
		return fmt.Errorf("mark invoice paid: %w", err)
	}
	if n == 0 {
		// Already paid (or voided); Stripe is telling us something we know.
		return nil
	}
	if err := p.repo.SetPaymentStatus(ctx, pi.ID, string(pi.Status)); err != nil {
		return fmt.Errorf("update payment: %w", err)
	}
	if err := p.repo.InsertLedgerEntry(ctx, db.LedgerEntry{
		ID:          p.newID(),
		Account:     "cash:stripe",
		InvoiceID:   &invoiceID,
		AmountCents: pi.AmountReceived,
		Currency:    string(pi.Currency),
		Memo:        "card payment " + pi.ID,
	}); err != nil {
		return fmt.Errorf("post ledger entry: %w", err)
	}
	p.log.Info("invoice paid", "invoice_id", invoiceID, "payment_intent", pi.ID)
	return nil
}
