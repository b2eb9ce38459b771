package pgstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/platform/txm"
)

type Billing struct {
	pool *pgxpool.Pool
}

func NewBilling(pool *pgxpool.Pool) *Billing { return &Billing{pool: pool} }

// EnsureInvoice creates the pending invoice for a shipment unless one exists,
// and returns the stored row either way.
func (r *Billing) EnsureInvoice(ctx context.Context, inv *domain.Invoice) (*domain.Invoice, error) {
	q := txm.Q(ctx, r.pool)
	if _, err := q.Exec(ctx, `
		INSERT INTO invoices (id, shipment_id, customer_id, status, amount_cents, currency)
		VALUES ($1, $2, $3, 'pending', $4, $5)
		ON CONFLICT (shipment_id) DO NOTHING`,
		inv.ID, inv.ShipmentID, inv.CustomerID, inv.AmountCents, inv.Currency); err != nil {
		return nil, fmt.Errorf("ensure invoice: %w", err)
	}
	var out domain.Invoice
	err := q.QueryRow(ctx, `
		SELECT id, shipment_id, customer_id, status, amount_cents, currency, coalesce(stripe_invoice_id, '')
		FROM invoices WHERE shipment_id = $1`, inv.ShipmentID).
		Scan(&out.ID, &out.ShipmentID, &out.CustomerID, &out.Status, &out.AmountCents, &out.Currency, &out.StripeInvoiceID)
	if err != nil {
		return nil, fmt.Errorf("load invoice: %w", err)
	}
	return &out, nil
}

func (r *Billing) MarkInvoiceOpen(ctx context.Context, id, stripeInvoiceID string) error {
	_, err := txm.Q(ctx, r.pool).Exec(ctx, `
		UPDATE invoices SET status = 'open', stripe_invoice_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, stripeInvoiceID)
	return err
}

// MarkPaidByStripeID flips the invoice to paid and returns its local ID.
func (r *Billing) MarkPaidByStripeID(ctx context.Context, stripeInvoiceID string) (string, error) {
	var id string
	err := txm.Q(ctx, r.pool).QueryRow(ctx, `
		UPDATE invoices SET status = 'paid', updated_at = now()
		WHERE stripe_invoice_id = $1 RETURNING id`, stripeInvoiceID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", domain.ErrNotFound
	}
	return id, err
}

func (r *Billing) InsertPayment(ctx context.Context, id, invoiceID, stripeEventID string, amount int64, paidAt time.Time) error {
	_, err := txm.Q(ctx, r.pool).Exec(ctx, `
		INSERT INTO payments (id, invoice_id, stripe_event_id, amount_cents, paid_at)
		VALUES ($1, $2, $3, $4, $5)`, id, invoiceID, stripeEventID, amount, paidAt)
	return err
}

// RecordStripeEvent returns false if the event was already recorded.
func (r *Billing) RecordStripeEvent(ctx context.Context, eventID, eventType string) (bool, error) {
	tag, err := txm.Q(ctx, r.pool).Exec(ctx, `
		INSERT INTO stripe_events (event_id, type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// EnsureOutbox stores one message per (subject, event type) and returns the
// ID of the stored message.
func (r *Billing) EnsureOutbox(ctx context.Context, m *domain.OutboxMessage) (string, error) {
	q := txm.Q(ctx, r.pool)
	if _, err := q.Exec(ctx, `
		INSERT INTO webhook_outbox (id, customer_id, event_type, subject_id, payload)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (subject_id, event_type) DO NOTHING`,
		m.ID, m.CustomerID, m.EventType, m.SubjectID, m.Payload); err != nil {
		return "", fmt.Errorf("ensure outbox: %w", err)
	}
	var id string
	err := q.QueryRow(ctx, `SELECT id FROM webhook_outbox WHERE subject_id = $1 AND event_type = $2`,
		m.SubjectID, m.EventType).Scan(&id)
	return id, err
}

func (r *Billing) GetOutbox(ctx context.Context, id string) (*domain.OutboxMessage, error) {
	var m domain.OutboxMessage
	err := txm.Q(ctx, r.pool).QueryRow(ctx, `
		SELECT id, customer_id, event_type, subject_id, payload, delivered_at
		FROM webhook_outbox WHERE id = $1`, id).
		Scan(&m.ID, &m.CustomerID, &m.EventType, &m.SubjectID, &m.Payload, &m.DeliveredAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	return &m, err
}

func (r *Billing) MarkOutboxDelivered(ctx context.Context, id string, at time.Time) error {
	_, err := txm.Q(ctx, r.pool).Exec(ctx,
		`UPDATE webhook_outbox SET delivered_at = $2 WHERE id = $1 AND delivered_at IS NULL`, id, at)
	return err
}
