// Package billing takes payments for invoices through a store whose
// unit of work hands its function a store bound to its transaction.
package billing

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/google/uuid"

	"example.com/wiredprev/retryx"
)

// Payment is a charge of an invoice.
type Payment struct {
	ID, Invoice, Status, Ref string
	Amount                   int64
}

// Event is a provider's notice about a payment.
type Event struct {
	ID, Payment, Type string
}

// Charge is what the provider answered.
type Charge struct{ ID, Status string }

// Store gives the repositories; Tx runs fn with a store bound to one
// transaction.
type Store interface {
	Payments() Payments
	Invoices() Invoices
	Outbox() Outbox
	Tx(ctx context.Context, fn func(tx Store) error) error
}

// Payments stores payments and the provider's events.
type Payments interface {
	Create(ctx context.Context, p *Payment) error
	UpdateOutcome(ctx context.Context, id, status, ref string) error
	InsertEvent(ctx context.Context, e Event) error
}

// Invoices marks invoices paid.
type Invoices interface {
	MarkPaid(ctx context.Context, id string) (bool, error)
}

// Outbox queues messages to publish.
type Outbox interface {
	Enqueue(ctx context.Context, topic, body string) error
}

// Provider charges cards.
type Provider interface {
	Charge(ctx context.Context, key string, amount int64) (*Charge, error)
}

// Service takes payments.
type Service struct {
	Store    Store
	Provider Provider
}

// HandleEvent applies a provider's event: the event's row, the
// payment's status and the invoice's commit in one transaction, through
// the repositories of the store the unit of work binds to it, a helper
// among them.
func (s *Service) HandleEvent(ctx context.Context, e Event) error {
	return s.Store.Tx(ctx, func(tx Store) error {
		if err := tx.Payments().InsertEvent(ctx, e); err != nil {
			return err
		}
		if err := tx.Payments().UpdateOutcome(ctx, e.Payment, e.Type, e.ID); err != nil {
			return err
		}
		return markPaid(ctx, tx, e.Payment)
	})
}

// markPaid marks the invoice paid and queues the notice, once.
func markPaid(ctx context.Context, tx Store, invoice string) error {
	ok, err := tx.Invoices().MarkPaid(ctx, invoice)
	if err != nil || !ok {
		return err
	}
	return tx.Outbox().Enqueue(ctx, "invoice.paid", invoice)
}

// Pay records the payment pending, charges the card under the
// payment's key, through a retry wrapper that returns the charge, and
// stores the outcome with the invoice's in one transaction: the pending
// row is the charge's intent record, the rest its outcome.
func (s *Service) Pay(ctx context.Context, invoice string, amount int64) error {
	p := Payment{ID: uuid.NewString(), Invoice: invoice, Status: "pending", Amount: amount} // want `a retry creates a second paymentRow with a new ID: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Pay\)`
	if err := s.Store.Payments().Create(ctx, &p); err != nil {
		return err
	}
	charge, err := retryx.Value(ctx, func() (*Charge, error) {
		return s.Provider.Charge(ctx, p.ID, amount)
	})
	if err != nil {
		return err
	}
	return s.Store.Tx(ctx, func(tx Store) error {
		if err := tx.Payments().UpdateOutcome(ctx, p.ID, charge.Status, charge.ID); err != nil {
			return err
		}
		return markPaid(ctx, tx, invoice)
	})
}

// Handler serves the provider's webhook and the payments API.
type Handler struct{ Billing *Service }

// Webhook applies the provider's event.
func (h *Handler) Webhook(w http.ResponseWriter, r *http.Request) {
	var e Event
	if err := json.NewDecoder(r.Body).Decode(&e); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := h.Billing.HandleEvent(r.Context(), e); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Pay takes a payment for the invoice the request names.
func (h *Handler) Pay(w http.ResponseWriter, r *http.Request) {
	if err := h.Billing.Pay(r.Context(), r.FormValue("invoice"), 100); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
