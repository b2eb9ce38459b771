package repository

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/driftline-services/snowplow/internal/db"
	"github.com/driftline-services/snowplow/internal/domain"
)

// Invoices persists per-storm invoices to the city.
type Invoices struct {
	db.Repo[domain.Invoice]
	lines db.Repo[domain.InvoiceLine]
}

// NewInvoices returns an invoice repository.
func NewInvoices(pool *pgxpool.Pool) *Invoices {
	return &Invoices{Repo: db.NewRepo[domain.Invoice](pool), lines: db.NewRepo[domain.InvoiceLine](pool)}
}

const invoiceCols = `id, storm_id, invoice_number, total_cents, status, city_invoice_id, submitted_at, created_at`

// EnsureDraft returns the storm's invoice, creating a draft the first time.
func (r *Invoices) EnsureDraft(ctx context.Context, stormID uuid.UUID, number string) (domain.Invoice, error) {
	return r.One(ctx, `
		INSERT INTO invoices (id, storm_id, invoice_number)
		VALUES ($1, $2, $3)
		ON CONFLICT ON CONSTRAINT invoices_storm_key DO UPDATE SET storm_id = EXCLUDED.storm_id
		RETURNING `+invoiceCols, uuid.New(), stormID, number)
}

// PutLine writes one line, replacing a previous version of it.
func (r *Invoices) PutLine(ctx context.Context, l domain.InvoiceLine) error {
	_, err := r.lines.Exec(ctx, `
		INSERT INTO invoice_lines (invoice_id, assignment_id, route_code, amount_cents, salt_kg)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (invoice_id, assignment_id) DO UPDATE
		   SET amount_cents = EXCLUDED.amount_cents, salt_kg = EXCLUDED.salt_kg`,
		l.InvoiceID, l.AssignmentID, l.RouteCode, l.AmountCents, l.SaltKg)
	return err
}

// Lines lists an invoice's lines.
func (r *Invoices) Lines(ctx context.Context, invoiceID uuid.UUID) ([]domain.InvoiceLine, error) {
	return r.lines.Many(ctx, `
		SELECT invoice_id, assignment_id, route_code, amount_cents, salt_kg
		FROM invoice_lines WHERE invoice_id = $1 ORDER BY route_code`, invoiceID)
}

// SetTotal recomputes a draft's total from its lines.
func (r *Invoices) SetTotal(ctx context.Context, id uuid.UUID) (int64, error) {
	var total int64
	err := r.Conn(ctx).QueryRow(ctx, `
		UPDATE invoices SET total_cents =
		       (SELECT COALESCE(sum(amount_cents), 0) FROM invoice_lines WHERE invoice_id = $1)
		WHERE id = $1 AND status = 'draft'
		RETURNING total_cents`, id).Scan(&total)
	return total, notFound(err)
}

// MarkSubmitted records the city's invoice ID on a draft.
func (r *Invoices) MarkSubmitted(ctx context.Context, id uuid.UUID, cityInvoiceID string) (bool, error) {
	n, err := r.Exec(ctx, `
		UPDATE invoices SET status = 'submitted', city_invoice_id = $2, submitted_at = now()
		WHERE id = $1 AND status = 'draft'`, id, cityInvoiceID)
	return n == 1, err
}
