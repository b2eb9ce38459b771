package repository

import (
	"context"
	"fmt"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
)

// InvoiceRepo persists supplier invoices, the payable ledger and
// reconciliation runs.
type InvoiceRepo struct {
	db *db.DB
}

// NewInvoiceRepo constructs an InvoiceRepo.
func NewInvoiceRepo(d *db.DB) *InvoiceRepo { return &InvoiceRepo{db: d} }

const invoiceColumns = `id, supplier_id, departure_id, invoice_number, amount_cents, currency, status,
	variance_cents, dispute_reason, issued_on, due_on, received_at, approved_at`

// Create records a newly received invoice.
func (r *InvoiceRepo) Create(ctx context.Context, inv *domain.SupplierInvoice) error {
	const q = `INSERT INTO supplier_invoices (id, supplier_id, departure_id, invoice_number, amount_cents,
		currency, status, issued_on, due_on)
		VALUES (:id, :supplier_id, :departure_id, :invoice_number, :amount_cents,
		:currency, :status, :issued_on, :due_on)`
	_, err := r.db.Conn(ctx).NamedExecContext(ctx, q, inv)
	return conflict("supplier_invoices.create", err)
}

// Get loads an invoice.
func (r *InvoiceRepo) Get(ctx context.Context, id string) (*domain.SupplierInvoice, error) {
	var inv domain.SupplierInvoice
	err := r.db.Conn(ctx).GetContext(ctx, &inv, `SELECT `+invoiceColumns+` FROM supplier_invoices WHERE id = $1`, id)
	if err != nil {
		return nil, notFound("supplier_invoices.get", err)
	}
	return &inv, nil
}

// GetForUpdate loads an invoice and locks it.
func (r *InvoiceRepo) GetForUpdate(ctx context.Context, id string) (*domain.SupplierInvoice, error) {
	var inv domain.SupplierInvoice
	err := r.db.Conn(ctx).GetContext(ctx, &inv,
		`SELECT `+invoiceColumns+` FROM supplier_invoices WHERE id = $1 FOR UPDATE`, id)
	if err != nil {
		return nil, notFound("supplier_invoices.get_for_update", err)
	}
	return &inv, nil
}

// SetApproved stamps the invoice approved.
func (r *InvoiceRepo) SetApproved(ctx context.Context, id string) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE supplier_invoices SET status = 'approved', approved_at = now() WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("supplier_invoices.set_approved: %w", err)
	}
	return nil
}

// Dispute flags an invoice that does not match what we booked. It reports
// whether the row changed.
func (r *InvoiceRepo) Dispute(ctx context.Context, id, reason string) (bool, error) {
	n, err := affected(r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE supplier_invoices SET status = 'disputed', dispute_reason = $2
		 WHERE id = $1 AND status IN ('received', 'reconciled')`, id, reason))
	if err != nil {
		return false, fmt.Errorf("supplier_invoices.dispute: %w", err)
	}
	return n == 1, nil
}

// SetReconciled records the variance found by reconciliation.
func (r *InvoiceRepo) SetReconciled(ctx context.Context, id string, variance int64) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE supplier_invoices SET status = CASE WHEN status = 'received' THEN 'reconciled' ELSE status END,
			variance_cents = $2
		 WHERE id = $1`, id, variance)
	if err != nil {
		return fmt.Errorf("supplier_invoices.set_reconciled: %w", err)
	}
	return nil
}

// MarkPaid closes an invoice once its payout has gone out.
func (r *InvoiceRepo) MarkPaid(ctx context.Context, id string) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE supplier_invoices SET status = 'paid' WHERE id = $1 AND status = 'approved'`, id)
	if err != nil {
		return fmt.Errorf("supplier_invoices.mark_paid: %w", err)
	}
	return nil
}

// AppendLedger adds a line to the supplier payable ledger.
func (r *InvoiceRepo) AppendLedger(ctx context.Context, e *domain.LedgerEntry) error {
	const q = `INSERT INTO supplier_ledger_entries (id, supplier_id, invoice_id, payout_id, entry_type,
		amount_cents, currency, memo)
		VALUES (:id, :supplier_id, :invoice_id, :payout_id, :entry_type, :amount_cents, :currency, :memo)`
	if _, err := r.db.Conn(ctx).NamedExecContext(ctx, q, e); err != nil {
		return fmt.Errorf("supplier_ledger.append: %w", err)
	}
	return nil
}

// SupplierBalance returns what we owe a supplier according to the ledger.
func (r *InvoiceRepo) SupplierBalance(ctx context.Context, supplierID string) (int64, error) {
	var bal int64
	err := r.db.Conn(ctx).GetContext(ctx, &bal,
		`SELECT COALESCE(sum(amount_cents), 0) FROM supplier_ledger_entries WHERE supplier_id = $1`, supplierID)
	if err != nil {
		return 0, fmt.Errorf("supplier_ledger.balance: %w", err)
	}
	return bal, nil
}

// AppendReconciliation appends a reconciliation run.
func (r *InvoiceRepo) AppendReconciliation(ctx context.Context, run *domain.ReconciliationRun) error {
	const q = `INSERT INTO reconciliation_runs (id, invoice_id, expected_cents, invoiced_cents, matched, notes, ran_at)
		VALUES (:id, :invoice_id, :expected_cents, :invoiced_cents, :matched, :notes, :ran_at)`
	if _, err := r.db.Conn(ctx).NamedExecContext(ctx, q, run); err != nil {
		return fmt.Errorf("reconciliation_runs.append: %w", err)
	}
	return nil
}
