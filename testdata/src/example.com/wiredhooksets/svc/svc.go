// Package svc records the provider's events.
package svc

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"example.com/wiredhooksets/api"
)

// Payments records payment events.
type Payments struct{ DB *sql.DB }

// HandlePayment records the payment.
func (p *Payments) HandlePayment(ctx context.Context, evt api.Event) error {
	_, err := p.DB.ExecContext(ctx, "INSERT INTO hooksets_payments (id, event_id) VALUES ($1, $2)", uuid.NewString(), evt.ID) // want `a retry inserts a second hooksets_payments row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler api.PaymentEvents.HandlePayment, bound at api.go:\d+:\d+\)`
	return err
}

// Billing records billing events.
type Billing struct{ DB *sql.DB }

// HandleBilling records the invoice.
func (b *Billing) HandleBilling(ctx context.Context, evt api.Event) error {
	_, err := b.DB.ExecContext(ctx, "INSERT INTO hooksets_invoices (id, event_id) VALUES ($1, $2)", uuid.NewString(), evt.ID) // want `a retry inserts a second hooksets_invoices row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler api.BillingEvents.HandleBilling, bound at api.go:\d+:\d+\)`
	return err
}
