package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/ironkettle/taproute/internal/domain"
)

// InvoiceRepo persists invoices and their lines.
type InvoiceRepo struct{}

// NewInvoiceRepo constructs an InvoiceRepo.
func NewInvoiceRepo() *InvoiceRepo { return &InvoiceRepo{} }

// InsertIfAbsent creates the invoice for an order unless the order is already
// invoiced. Lines are only written when the header was inserted.
func (r *InvoiceRepo) InsertIfAbsent(ctx context.Context, q Querier, inv domain.Invoice) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO invoices (id, order_id, account_id, number, edi_control_number, subtotal_cents,
		                      deposit_cents, total_cents, due_date)
		VALUES ($1, $2, $3, $4, NULLIF($5, 0), $6, $7, $8, $9)
		ON CONFLICT ON CONSTRAINT invoices_order_uniq DO NOTHING`,
		inv.ID, inv.OrderID, inv.AccountID, inv.Number, inv.EDIControlNumber, inv.SubtotalCents,
		inv.DepositCents, inv.TotalCents, inv.DueDate)
	if err != nil {
		return false, fmt.Errorf("insert invoice: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return false, nil
	}
	for _, l := range inv.Lines {
		if _, err := q.Exec(ctx, `
			INSERT INTO invoice_lines (invoice_id, line_no, sku, description, qty, unit_price_cents, deposit_cents)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			inv.ID, l.LineNo, l.SKU, l.Description, l.Qty, l.UnitPriceCents, l.DepositCents); err != nil {
			return false, fmt.Errorf("insert invoice line %d: %w", l.LineNo, err)
		}
	}
	return true, nil
}

const invoiceColumns = `id, order_id, account_id, number, COALESCE(edi_control_number, 0), subtotal_cents,
	deposit_cents, total_cents, amount_pending_cents, amount_paid_cents, status, due_date, send_count, last_sent_at`

func (r *InvoiceRepo) scan(ctx context.Context, q Querier, where string, arg any) (domain.Invoice, error) {
	var inv domain.Invoice
	err := q.QueryRow(ctx, `SELECT `+invoiceColumns+` FROM invoices WHERE `+where, arg).Scan(
		&inv.ID, &inv.OrderID, &inv.AccountID, &inv.Number, &inv.EDIControlNumber, &inv.SubtotalCents,
		&inv.DepositCents, &inv.TotalCents, &inv.AmountPendingCents, &inv.AmountPaidCents, &inv.Status,
		&inv.DueDate, &inv.SendCount, &inv.LastSentAt)
	if err != nil {
		return domain.Invoice{}, notFound(err)
	}
	rows, err := q.Query(ctx, `
		SELECT line_no, sku, description, qty, unit_price_cents, deposit_cents
		  FROM invoice_lines WHERE invoice_id = $1 ORDER BY line_no`, inv.ID)
	if err != nil {
		return domain.Invoice{}, err
	}
	defer rows.Close()
	for rows.Next() {
		var l domain.InvoiceLine
		if err := rows.Scan(&l.LineNo, &l.SKU, &l.Description, &l.Qty, &l.UnitPriceCents, &l.DepositCents); err != nil {
			return domain.Invoice{}, err
		}
		inv.Lines = append(inv.Lines, l)
	}
	return inv, rows.Err()
}

// Get loads an invoice with lines.
func (r *InvoiceRepo) Get(ctx context.Context, q Querier, id uuid.UUID) (domain.Invoice, error) {
	return r.scan(ctx, q, "id = $1", id)
}

// GetByOrder loads the invoice for an order.
func (r *InvoiceRepo) GetByOrder(ctx context.Context, q Querier, orderID uuid.UUID) (domain.Invoice, error) {
	return r.scan(ctx, q, "order_id = $1", orderID)
}

// RecordSent bumps the send counter.
func (r *InvoiceRepo) RecordSent(ctx context.Context, q Querier, id uuid.UUID, at time.Time) error {
	_, err := q.Exec(ctx, `UPDATE invoices SET send_count = send_count + 1, last_sent_at = $2 WHERE id = $1`, id, at)
	return err
}

// AddPending adds an in-flight ACH amount to the invoice.
func (r *InvoiceRepo) AddPending(ctx context.Context, q Querier, id uuid.UUID, cents int64) error {
	_, err := q.Exec(ctx, `UPDATE invoices SET amount_pending_cents = amount_pending_cents + $2 WHERE id = $1`, id, cents)
	return err
}

// Settle moves an amount from pending to paid and closes the invoice when it
// is fully paid. It returns the resulting status.
func (r *InvoiceRepo) Settle(ctx context.Context, q Querier, id uuid.UUID, cents int64) (string, error) {
	var status string
	err := q.QueryRow(ctx, `
		UPDATE invoices
		   SET amount_pending_cents = GREATEST(amount_pending_cents - $2, 0),
		       amount_paid_cents = amount_paid_cents + $2,
		       status = CASE WHEN amount_paid_cents + $2 >= total_cents THEN 'paid' ELSE status END
		 WHERE id = $1
		RETURNING status`, id, cents).Scan(&status)
	return status, notFound(err)
}

// ReleasePending takes a returned ACH amount back out of pending.
func (r *InvoiceRepo) ReleasePending(ctx context.Context, q Querier, id uuid.UUID, cents int64) error {
	_, err := q.Exec(ctx, `
		UPDATE invoices SET amount_pending_cents = GREATEST(amount_pending_cents - $2, 0)
		 WHERE id = $1`, id, cents)
	return err
}

// ListDueForAutopay returns open invoices for autopay accounts due on or before day.
func (r *InvoiceRepo) ListDueForAutopay(ctx context.Context, q Querier, day time.Time) ([]uuid.UUID, error) {
	rows, err := q.Query(ctx, `
		SELECT i.id FROM invoices i JOIN accounts a ON a.id = i.account_id
		 WHERE a.autopay AND i.status = 'open' AND i.due_date <= $1
		   AND i.amount_paid_cents + i.amount_pending_cents < i.total_cents`, day)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []uuid.UUID
	for rows.Next() {
		var id uuid.UUID
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
