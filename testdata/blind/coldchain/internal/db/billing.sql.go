package db

import (
	"context"
	"time"
)

const createInvoice = `-- name: CreateInvoice :one
INSERT INTO invoices (id, shipper_id, kind, total_cents, currency, memo, due_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)
RETURNING ` + InvoiceColumns

type CreateInvoiceParams struct {
	ID         string
	ShipperID  string
	Kind       string
	TotalCents int64
	Currency   string
	Memo       string
	DueAt      time.Time
}

func (q *Queries) CreateInvoice(ctx context.Context, arg CreateInvoiceParams) (Invoice, error) {
	return ScanInvoice(q.db.QueryRow(ctx, createInvoice, arg.ID, arg.ShipperID, arg.Kind, arg.TotalCents,
		arg.Currency, arg.Memo, arg.DueAt))
}

const insertInvoiceLine = `-- name: InsertInvoiceLine :exec
INSERT INTO invoice_lines (id, invoice_id, shipment_id, description, amount_cents)
VALUES ($1, $2, $3, $4, $5)`

func (q *Queries) InsertInvoiceLine(ctx context.Context, l InvoiceLine) error {
	_, err := q.db.Exec(ctx, insertInvoiceLine, l.ID, l.InvoiceID, l.ShipmentID, l.Description, l.AmountCents)
	return err
}

const setInvoiceTotal = `-- name: SetInvoiceTotal :exec
UPDATE invoices SET total_cents = $2 WHERE id = $1`

func (q *Queries) SetInvoiceTotal(ctx context.Context, id string, total int64) error {
	_, err := q.db.Exec(ctx, setInvoiceTotal, id, total)
	return err
}

const attachUninvoicedShipments = `-- name: AttachUninvoicedShipments :many
UPDATE shipments
SET invoice_id = $1, updated_at = now()
WHERE shipper_id = $2 AND status = 'delivered' AND invoice_id IS NULL
RETURNING id, shipper_reference, price_cents`

type AttachedShipment struct {
	ID               string
	ShipperReference string
	PriceCents       int64
}

func (q *Queries) AttachUninvoicedShipments(ctx context.Context, invoiceID, shipperID string) ([]AttachedShipment, error) {
	rows, err := q.db.Query(ctx, attachUninvoicedShipments, invoiceID, shipperID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []AttachedShipment
	for rows.Next() {
		var a AttachedShipment
		if err := rows.Scan(&a.ID, &a.ShipperReference, &a.PriceCents); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

const listShippersWithUninvoiced = `-- name: ListShippersWithUninvoiced :many
SELECT DISTINCT shipper_id FROM shipments
WHERE status = 'delivered' AND invoice_id IS NULL`

func (q *Queries) ListShippersWithUninvoiced(ctx context.Context) ([]string, error) {
	rows, err := q.db.Query(ctx, listShippersWithUninvoiced)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

const markInvoicePaid = `-- name: MarkInvoicePaid :execrows
UPDATE invoices
SET status = 'paid', paid_at = $3, stripe_payment_intent_id = $2
WHERE id = $1 AND status = 'open'`

func (q *Queries) MarkInvoicePaid(ctx context.Context, id, paymentIntentID string, paidAt time.Time) (int64, error) {
	tag, err := q.db.Exec(ctx, markInvoicePaid, id, paymentIntentID, paidAt)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const markInvoiceEmailed = `-- name: MarkInvoiceEmailed :exec
UPDATE invoices SET emailed_at = now() WHERE id = $1 AND emailed_at IS NULL`

func (q *Queries) MarkInvoiceEmailed(ctx context.Context, id string) error {
	_, err := q.db.Exec(ctx, markInvoiceEmailed, id)
	return err
}

const insertPayment = `-- name: InsertPayment :exec
INSERT INTO payments (id, invoice_id, stripe_payment_intent_id, amount_cents, currency, status)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (stripe_payment_intent_id) DO NOTHING`

func (q *Queries) InsertPayment(ctx context.Context, p Payment) error {
	_, err := q.db.Exec(ctx, insertPayment, p.ID, p.InvoiceID, p.StripePaymentIntentID, p.AmountCents, p.Currency, p.Status)
	return err
}

const setPaymentStatus = `-- name: SetPaymentStatus :exec
UPDATE payments SET status = $2 WHERE stripe_payment_intent_id = $1`

func (q *Queries) SetPaymentStatus(ctx context.Context, paymentIntentID, status string) error {
	_, err := q.db.Exec(ctx, setPaymentStatus, paymentIntentID, status)
	return err
}

const getSucceededPaymentForShipment = `-- name: GetSucceededPaymentForShipment :one
SELECT p.id, p.invoice_id, p.stripe_payment_intent_id, p.amount_cents, p.currency, p.status, p.created_at
FROM invoice_lines l
JOIN payments p ON p.invoice_id = l.invoice_id
WHERE l.shipment_id = $1 AND p.status = 'succeeded'
ORDER BY p.created_at DESC
LIMIT 1`

func (q *Queries) GetSucceededPaymentForShipment(ctx context.Context, shipmentID string) (Payment, error) {
	var p Payment
	err := q.db.QueryRow(ctx, getSucceededPaymentForShipment, shipmentID).Scan(&p.ID, &p.InvoiceID,
		&p.StripePaymentIntentID, &p.AmountCents, &p.Currency, &p.Status, &p.CreatedAt)
	return p, err
}

const insertLedgerEntry = `-- name: InsertLedgerEntry :exec
INSERT INTO ledger_entries (id, account, invoice_id, claim_id, amount_cents, currency, memo)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

func (q *Queries) InsertLedgerEntry(ctx context.Context, e LedgerEntry) error {
	_, err := q.db.Exec(ctx, insertLedgerEntry, e.ID, e.Account, e.InvoiceID, e.ClaimID, e.AmountCents, e.Currency, e.Memo)
	return err
}

const insertStripeEvent = `-- name: InsertStripeEvent :execrows
INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
ON CONFLICT (event_id) DO NOTHING`

// InsertStripeEvent records a webhook event; false means it was seen before.
func (q *Queries) InsertStripeEvent(ctx context.Context, eventID, eventType string) (bool, error) {
	tag, err := q.db.Exec(ctx, insertStripeEvent, eventID, eventType)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

const insertClaim = `-- name: InsertClaim :one
INSERT INTO claims (id, shipment_id, shipper_id, amount_cents, currency, reason)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING ` + ClaimColumns

type InsertClaimParams struct {
	ID          string
	ShipmentID  string
	ShipperID   string
	AmountCents int64
	Currency    string
	Reason      string
}

func (q *Queries) InsertClaim(ctx context.Context, arg InsertClaimParams) (Claim, error) {
	return ScanClaim(q.db.QueryRow(ctx, insertClaim, arg.ID, arg.ShipmentID, arg.ShipperID, arg.AmountCents,
		arg.Currency, arg.Reason))
}

const transitionClaim = `-- name: TransitionClaim :execrows
UPDATE claims
SET status = $3, decided_by = COALESCE($4, decided_by), decided_at = COALESCE($5, decided_at)
WHERE id = $1 AND status = $2`

type TransitionClaimParams struct {
	ID        string
	From      string
	To        string
	DecidedBy *string
	DecidedAt *time.Time
}

// TransitionClaim moves a claim from one status to another and reports
// whether the claim was in the expected status.
func (q *Queries) TransitionClaim(ctx context.Context, arg TransitionClaimParams) (bool, error) {
	tag, err := q.db.Exec(ctx, transitionClaim, arg.ID, arg.From, arg.To, arg.DecidedBy, arg.DecidedAt)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

const insertClaimRefund = `-- name: InsertClaimRefund :exec
INSERT INTO claim_refunds (id, claim_id, stripe_refund_id, amount_cents)
VALUES ($1, $2, $3, $4)`

func (q *Queries) InsertClaimRefund(ctx context.Context, r ClaimRefund) error {
	_, err := q.db.Exec(ctx, insertClaimRefund, r.ID, r.ClaimID, r.StripeRefundID, r.AmountCents)
	return err
}

const getClaimRefundByStripeID = `-- name: GetClaimRefundByStripeID :one
SELECT id, claim_id, stripe_refund_id, amount_cents, created_at
FROM claim_refunds WHERE stripe_refund_id = $1`

func (q *Queries) GetClaimRefundByStripeID(ctx context.Context, stripeRefundID string) (ClaimRefund, error) {
	var r ClaimRefund
	err := q.db.QueryRow(ctx, getClaimRefundByStripeID, stripeRefundID).Scan(&r.ID, &r.ClaimID,
		&r.StripeRefundID, &r.AmountCents, &r.CreatedAt)
	return r, err
}
