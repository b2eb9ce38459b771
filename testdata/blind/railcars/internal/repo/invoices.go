package repo

import (
	"context"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
)

// Invoices persists lease invoices, their lines and credit memos.
type Invoices struct{}

const invoiceCols = `id, invoice_number, lease_id, customer_id, period_start, period_end,
	total_cents, balance_due_cents, status, issued_at, due_date`

func scanInvoice(row interface{ Scan(...any) error }) (*domain.Invoice, error) {
	var inv domain.Invoice
	if err := row.Scan(&inv.ID, &inv.InvoiceNumber, &inv.LeaseID, &inv.CustomerID, &inv.PeriodStart,
		&inv.PeriodEnd, &inv.TotalCents, &inv.BalanceDueCents, &inv.Status, &inv.IssuedAt,
		&inv.DueDate); err != nil {
		return nil, db.NotFound(err)
	}
	return &inv, nil
}

// Create inserts an invoice for a lease period. There is one invoice per
// lease and period start; it reports whether this call created it.
func (Invoices) Create(ctx context.Context, q db.Querier, inv *domain.Invoice) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO invoices (id, invoice_number, lease_id, customer_id, period_start, period_end,
			total_cents, balance_due_cents, status, due_date)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $7, 'OPEN', $8)
		ON CONFLICT (lease_id, period_start) DO NOTHING`,
		inv.ID, inv.InvoiceNumber, inv.LeaseID, inv.CustomerID, inv.PeriodStart, inv.PeriodEnd,
		inv.TotalCents, inv.DueDate)
	if err != nil {
		return false, err
	}
	return db.RowsAffected(res) == 1, nil
}

// Get loads an invoice.
func (Invoices) Get(ctx context.Context, q db.Querier, id string) (*domain.Invoice, error) {
	return scanInvoice(q.QueryRowContext(ctx, `SELECT `+invoiceCols+` FROM invoices WHERE id = $1`, id))
}

// GetForUpdate loads an invoice and locks it for the transaction.
func (Invoices) GetForUpdate(ctx context.Context, q db.Querier, id string) (*domain.Invoice, error) {
	return scanInvoice(q.QueryRowContext(ctx, `SELECT `+invoiceCols+` FROM invoices WHERE id = $1 FOR UPDATE`, id))
}

// AddLine adds a line to an invoice.
func (Invoices) AddLine(ctx context.Context, q db.Querier, l domain.InvoiceLine) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO invoice_lines (id, invoice_id, kind, description, amount_cents)
		VALUES ($1, $2, $3, $4, $5)`, l.ID, l.InvoiceID, l.Kind, l.Description, l.AmountCents)
	return err
}

// AdjustBalance moves an invoice's balance by delta cents (negative for a
// payment or credit) and settles its status.
func (Invoices) AdjustBalance(ctx context.Context, q db.Querier, id string, delta int64) error {
	_, err := q.ExecContext(ctx, `
		UPDATE invoices
		SET balance_due_cents = balance_due_cents + $2,
		    status = CASE WHEN balance_due_cents + $2 <= 0 THEN 'PAID' ELSE 'OPEN' END
		WHERE id = $1`, id, delta)
	return err
}

// AddToTotal raises an invoice's total and balance (fees added after issue).
func (Invoices) AddToTotal(ctx context.Context, q db.Querier, id string, cents int64) error {
	_, err := q.ExecContext(ctx, `
		UPDATE invoices
		SET total_cents = total_cents + $2, balance_due_cents = balance_due_cents + $2, status = 'OPEN'
		WHERE id = $1`, id, cents)
	return err
}

// AutopayDue lists open invoices of autopay customers due on or before asOf.
func (Invoices) AutopayDue(ctx context.Context, q db.Querier, asOf time.Time) ([]domain.Invoice, error) {
	rows, err := q.QueryContext(ctx, `
		SELECT `+invoiceColsQualified+`
		FROM invoices i JOIN customers c ON c.id = i.customer_id
		WHERE i.status = 'OPEN' AND i.balance_due_cents > 0 AND i.due_date <= $1
		  AND c.autopay_enabled AND c.stripe_customer_id IS NOT NULL
		ORDER BY i.due_date`, asOf)
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
		out = append(out, *inv)
	}
	return out, rows.Err()
}

const invoiceColsQualified = `i.id, i.invoice_number, i.lease_id, i.customer_id, i.period_start,
	i.period_end, i.total_cents, i.balance_due_cents, i.status, i.issued_at, i.due_date`

// CreditMemos persists credit memos.
type CreditMemos struct{}

// Insert stores a memo. A memo is unique per invoice and reference; it
// reports whether this call stored it.
func (CreditMemos) Insert(ctx context.Context, q db.Querier, m *domain.CreditMemo) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO credit_memos (id, invoice_id, reference, amount_cents, reason, issued_by)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (invoice_id, reference) DO NOTHING`,
		m.ID, m.InvoiceID, m.Reference, m.AmountCents, m.Reason, m.IssuedBy)
	if err != nil {
		return false, err
	}
	return db.RowsAffected(res) == 1, nil
}

// Mileage persists mileage claims and the credits they earn.
type Mileage struct{}

// InsertClaim stores a claim.
func (Mileage) InsertClaim(ctx context.Context, q db.Querier, c *domain.MileageClaim) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO mileage_claims (id, customer_id, lease_id, railroad, report_month, car_mark,
			loaded_miles, empty_miles)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		c.ID, c.CustomerID, c.LeaseID, c.Railroad, c.ReportMonth, c.CarMark, c.LoadedMiles, c.EmptyMiles)
	return err
}

// InsertCredit stores the credit computed for a claim.
func (Mileage) InsertCredit(ctx context.Context, q db.Querier, c domain.MileageCredit) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO mileage_credits (claim_id, lease_id, customer_id, credit_cents)
		VALUES ($1, $2, $3, $4)`, c.ClaimID, c.LeaseID, c.CustomerID, c.CreditCents)
	return err
}

// UnappliedCredits sums credits not yet put on an invoice.
func (Mileage) UnappliedCredits(ctx context.Context, q db.Querier, leaseID string) (int64, error) {
	var total int64
	err := q.QueryRowContext(ctx, `
		SELECT COALESCE(SUM(credit_cents), 0) FROM mileage_credits
		WHERE lease_id = $1 AND NOT applied`, leaseID).Scan(&total)
	return total, err
}

// MarkApplied marks a lease's credits as billed.
func (Mileage) MarkApplied(ctx context.Context, q db.Querier, leaseID string) error {
	_, err := q.ExecContext(ctx, `UPDATE mileage_credits SET applied = TRUE WHERE lease_id = $1 AND NOT applied`, leaseID)
	return err
}
