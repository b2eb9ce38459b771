package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/tenantlens/screening/internal/domain"
)

// UsageLine is the per-report-type aggregate of a manager's usage.
type UsageLine struct {
	ReportType string
	Quantity   int
	UnitCents  int64
	TotalCents int64
}

// ManagersWithUsage lists the managers that ordered at least one report in
// [from, to).
func (s *Store) ManagersWithUsage(ctx context.Context, from, to time.Time) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT DISTINCT manager_id FROM usage_records
		WHERE occurred_at >= $1 AND occurred_at < $2 AND NOT released
		ORDER BY manager_id`, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// UsageSummary aggregates a manager's usage for the period by report type.
func (s *Store) UsageSummary(ctx context.Context, q Queryer, managerID string, from, to time.Time) ([]UsageLine, error) {
	rows, err := q.QueryContext(ctx, `
		SELECT report_type, count(*), max(unit_cents), sum(unit_cents)
		FROM usage_records
		WHERE manager_id = $1 AND occurred_at >= $2 AND occurred_at < $3 AND NOT released
		GROUP BY report_type ORDER BY report_type`, managerID, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []UsageLine
	for rows.Next() {
		var l UsageLine
		if err := rows.Scan(&l.ReportType, &l.Quantity, &l.UnitCents, &l.TotalCents); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// InsertInvoice creates the invoice header for a manager and period.
func (s *Store) InsertInvoice(ctx context.Context, q Queryer, inv domain.Invoice) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO invoices (id, manager_id, period_start, period_end, total_cents, status)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		inv.ID, inv.ManagerID, inv.PeriodStart, inv.PeriodEnd, inv.TotalCents, inv.Status)
	return err
}

// InsertInvoiceLine adds one line to an invoice.
func (s *Store) InsertInvoiceLine(ctx context.Context, q Queryer, l domain.InvoiceLine) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO invoice_lines (id, invoice_id, description, report_type, quantity, unit_cents, amount_cents)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		l.ID, l.InvoiceID, l.Description, l.ReportType, l.Quantity, l.UnitCents, l.AmountCents)
	return err
}

// AttachUsage points the period's uninvoiced usage rows at an invoice.
func (s *Store) AttachUsage(ctx context.Context, q Queryer, invoiceID, managerID string, from, to time.Time) (int64, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE usage_records SET invoice_id = $1
		WHERE manager_id = $2 AND occurred_at >= $3 AND occurred_at < $4
		  AND invoice_id IS NULL AND NOT released`, invoiceID, managerID, from, to)
	if err != nil {
		return 0, err
	}
	return rowsAffected(res)
}

// DraftInvoices returns draft invoices with their lines, oldest first.
func (s *Store) DraftInvoices(ctx context.Context, limit int) ([]domain.Invoice, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT id, manager_id, period_start, period_end, total_cents, status, COALESCE(stripe_invoice_id, '')
		FROM invoices WHERE status = 'draft' ORDER BY created_at LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	var invs []domain.Invoice
	for rows.Next() {
		var inv domain.Invoice
		if err := rows.Scan(&inv.ID, &inv.ManagerID, &inv.PeriodStart, &inv.PeriodEnd, &inv.TotalCents,
			&inv.Status, &inv.StripeInvoiceID); err != nil {
			rows.Close()
			return nil, err
		}
		invs = append(invs, inv)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range invs {
		lines, err := s.invoiceLines(ctx, invs[i].ID)
		if err != nil {
			return nil, err
		}
		invs[i].Lines = lines
	}
	return invs, nil
}

func (s *Store) invoiceLines(ctx context.Context, invoiceID string) ([]domain.InvoiceLine, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT id, invoice_id, description, report_type, quantity, unit_cents, amount_cents,
		       COALESCE(stripe_invoice_item_id, '')
		FROM invoice_lines WHERE invoice_id = $1 ORDER BY report_type`, invoiceID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.InvoiceLine
	for rows.Next() {
		var l domain.InvoiceLine
		if err := rows.Scan(&l.ID, &l.InvoiceID, &l.Description, &l.ReportType, &l.Quantity,
			&l.UnitCents, &l.AmountCents, &l.StripeInvoiceItemID); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// SetLineInvoiceItem records the Stripe invoice item created for a line.
func (s *Store) SetLineInvoiceItem(ctx context.Context, lineID, itemID string) error {
	_, err := s.db.ExecContext(ctx, `
		UPDATE invoice_lines SET stripe_invoice_item_id = $2 WHERE id = $1`, lineID, itemID)
	return err
}

// SetStripeInvoice records the Stripe invoice id of a draft invoice.
func (s *Store) SetStripeInvoice(ctx context.Context, invoiceID, stripeID string) error {
	_, err := s.db.ExecContext(ctx, `
		UPDATE invoices SET stripe_invoice_id = $2 WHERE id = $1 AND stripe_invoice_id IS NULL`, invoiceID, stripeID)
	return err
}

// MarkInvoicePublished flips a draft invoice to published.
func (s *Store) MarkInvoicePublished(ctx context.Context, invoiceID string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `
		UPDATE invoices SET status = 'published', published_at = $2
		WHERE id = $1 AND status = 'draft'`, invoiceID, at)
	return err
}

// InvoiceByID loads an invoice header.
func (s *Store) InvoiceByID(ctx context.Context, id string) (domain.Invoice, error) {
	var inv domain.Invoice
	var stripeID sql.NullString
	err := s.db.QueryRowContext(ctx, `
		SELECT id, manager_id, period_start, period_end, total_cents, status, stripe_invoice_id
		FROM invoices WHERE id = $1`, id).
		Scan(&inv.ID, &inv.ManagerID, &inv.PeriodStart, &inv.PeriodEnd, &inv.TotalCents, &inv.Status, &stripeID)
	inv.StripeInvoiceID = stripeID.String
	return inv, notFound(err)
}
