package repo

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
)

// InvoiceRepo persists supplier invoices and their approvals.
type InvoiceRepo interface {
	WithTx(tx *sql.Tx) InvoiceRepo
	Insert(ctx context.Context, inv *domain.Invoice) error
	InsertIfAbsent(ctx context.Context, inv *domain.Invoice) (bool, error)
	Get(ctx context.Context, tenantID, id string) (domain.Invoice, error)
	GetForUpdate(ctx context.Context, id string) (domain.Invoice, error)
	SetStatus(ctx context.Context, id string, status domain.InvoiceStatus) error
	ApplyDiscount(ctx context.Context, id string, discountMinor int64, at time.Time) error
	ReduceDue(ctx context.Context, id string, amountMinor int64) error
	AddPaid(ctx context.Context, id string, amountMinor int64) error
	ReversePaid(ctx context.Context, id string, amountMinor int64) error
	ListPayable(ctx context.Context, tenantID string, dueBy time.Time) ([]domain.Invoice, error)
	ListDiscountEligible(ctx context.Context, tenantID string, asOf time.Time) ([]domain.Invoice, error)
	AddApproval(ctx context.Context, a domain.Approval) (bool, error)
	CountApprovals(ctx context.Context, invoiceID, decision string) (int, error)
}

type invoiceRepo struct{ base }

// NewInvoiceRepo returns an InvoiceRepo.
func NewInvoiceRepo(db *sql.DB) InvoiceRepo { return &invoiceRepo{base{db}} }

func (r *invoiceRepo) WithTx(tx *sql.Tx) InvoiceRepo { return &invoiceRepo{base{tx}} }

var invoiceCols = []string{"id", "tenant_id", "supplier_id", "invoice_number", "currency",
	"amount_minor", "amount_due_minor", "amount_paid_minor", "issue_date", "due_date", "status",
	"required_approvals", "discount_bps", "discount_until", "discount_taken_at",
	"coalesce(source_event_id, '')", "created_at"}

func scanInvoice(row interface{ Scan(...any) error }) (domain.Invoice, error) {
	var (
		inv        domain.Invoice
		until, tkn sql.NullTime
	)
	err := row.Scan(&inv.ID, &inv.TenantID, &inv.SupplierID, &inv.Number, &inv.Currency,
		&inv.AmountMinor, &inv.AmountDueMinor, &inv.AmountPaidMinor, &inv.IssueDate, &inv.DueDate,
		&inv.Status, &inv.RequiredApprovals, &inv.DiscountBps, &until, &tkn,
		&inv.SourceEventID, &inv.CreatedAt)
	inv.DiscountUntil, inv.DiscountTakenAt = timePtr(until), timePtr(tkn)
	return inv, err
}

func (r *invoiceRepo) insertBuilder(inv *domain.Invoice) sq.InsertBuilder {
	return r.insert("invoices").
		Columns("id", "tenant_id", "supplier_id", "invoice_number", "currency", "amount_minor",
			"amount_due_minor", "issue_date", "due_date", "status", "required_approvals",
			"discount_bps", "discount_until", "source_event_id").
		Values(inv.ID, inv.TenantID, inv.SupplierID, inv.Number, inv.Currency, inv.AmountMinor,
			inv.AmountMinor, inv.IssueDate, inv.DueDate, inv.Status, inv.RequiredApprovals,
			inv.DiscountBps, nullTime(inv.DiscountUntil), nullString(inv.SourceEventID))
}

// Insert stores a new invoice.
func (r *invoiceRepo) Insert(ctx context.Context, inv *domain.Invoice) error {
	inv.AmountDueMinor = inv.AmountMinor
	err := r.insertBuilder(inv).Suffix("RETURNING created_at").
		QueryRowContext(ctx).Scan(&inv.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert invoice %s/%s: %w", inv.SupplierID, inv.Number, err)
	}
	return nil
}

// InsertIfAbsent stores inv unless the supplier already sent an invoice with
// the same number; it reports whether a row was written.
func (r *invoiceRepo) InsertIfAbsent(ctx context.Context, inv *domain.Invoice) (bool, error) {
	inv.AmountDueMinor = inv.AmountMinor
	res, err := r.insertBuilder(inv).
		Suffix("ON CONFLICT ON CONSTRAINT invoices_supplier_number_uq DO NOTHING").
		ExecContext(ctx)
	if err != nil {
		return false, fmt.Errorf("insert invoice %s/%s: %w", inv.SupplierID, inv.Number, err)
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

func (r *invoiceRepo) Get(ctx context.Context, tenantID, id string) (domain.Invoice, error) {
	inv, err := scanInvoice(r.sel(invoiceCols...).From("invoices").
		Where("tenant_id = ? AND id = ?", tenantID, id).QueryRowContext(ctx))
	return inv, database.NotFound(err)
}

func (r *invoiceRepo) GetForUpdate(ctx context.Context, id string) (domain.Invoice, error) {
	inv, err := scanInvoice(r.sel(invoiceCols...).From("invoices").
		Where("id = ?", id).Suffix("FOR UPDATE").QueryRowContext(ctx))
	return inv, database.NotFound(err)
}

func (r *invoiceRepo) SetStatus(ctx context.Context, id string, status domain.InvoiceStatus) error {
	_, err := r.update("invoices").Set("status", status).Set("updated_at", sqlNow).
		Where("id = ?", id).ExecContext(ctx)
	return err
}

func (r *invoiceRepo) ApplyDiscount(ctx context.Context, id string, discountMinor int64, at time.Time) error {
	_, err := r.update("invoices").
		Set("amount_due_minor", sq.Expr("amount_due_minor - ?", discountMinor)).
		Set("discount_taken_at", at).
		Set("updated_at", sqlNow).
		Where("id = ?", id).ExecContext(ctx)
	return err
}

func (r *invoiceRepo) ReduceDue(ctx context.Context, id string, amountMinor int64) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE invoices
		   SET amount_due_minor = GREATEST(amount_due_minor - $2, 0), updated_at = now()
		 WHERE id = $1`, id, amountMinor)
	return err
}

func (r *invoiceRepo) AddPaid(ctx context.Context, id string, amountMinor int64) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE invoices
		   SET amount_paid_minor = amount_paid_minor + $2,
		       status = CASE WHEN amount_paid_minor + $2 >= amount_due_minor THEN 'paid' ELSE status END,
		       updated_at = now()
		 WHERE id = $1`, id, amountMinor)
	return err
}

// ReversePaid undoes a payment that was returned by the bank and reopens
// the invoice for payment.
func (r *invoiceRepo) ReversePaid(ctx context.Context, id string, amountMinor int64) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE invoices
		   SET amount_paid_minor = amount_paid_minor - $2, status = 'approved', updated_at = now()
		 WHERE id = $1`, id, amountMinor)
	return err
}

func (r *invoiceRepo) list(ctx context.Context, q sq.SelectBuilder) ([]domain.Invoice, error) {
	rows, err := q.QueryContext(ctx)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Invoice
	for rows.Next() {
		inv, err := scanInvoice(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, inv)
	}
	return out, rows.Err()
}

func (r *invoiceRepo) ListPayable(ctx context.Context, tenantID string, dueBy time.Time) ([]domain.Invoice, error) {
	return r.list(ctx, r.sel(invoiceCols...).From("invoices").
		Where(sq.Eq{"tenant_id": tenantID, "status": domain.InvoiceApproved}).
		Where("due_date <= ?", dueBy).
		Where("amount_due_minor > amount_paid_minor").
		OrderBy("due_date", "id"))
}

func (r *invoiceRepo) ListDiscountEligible(ctx context.Context, tenantID string, asOf time.Time) ([]domain.Invoice, error) {
	return r.list(ctx, r.sel(invoiceCols...).From("invoices").
		Where(sq.Eq{"tenant_id": tenantID, "status": domain.InvoiceApproved, "discount_taken_at": nil}).
		Where("discount_bps > 0 AND discount_until >= ?", asOf).
		OrderBy("discount_until"))
}

func (r *invoiceRepo) AddApproval(ctx context.Context, a domain.Approval) (bool, error) {
	res, err := r.insert("invoice_approvals").
		Columns("invoice_id", "approver_id", "decision", "comment").
		Values(a.InvoiceID, a.ApproverID, a.Decision, a.Comment).
		Suffix("ON CONFLICT (invoice_id, approver_id) DO NOTHING").
		ExecContext(ctx)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

func (r *invoiceRepo) CountApprovals(ctx context.Context, invoiceID, decision string) (int, error) {
	var n int
	err := r.sel("count(*)").From("invoice_approvals").
		Where("invoice_id = ? AND decision = ?", invoiceID, decision).
		QueryRowContext(ctx).Scan(&n)
	return n, err
}
