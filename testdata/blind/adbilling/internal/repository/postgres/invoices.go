package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/repository"
)

type InvoiceRepo struct {
	pool *pgxpool.Pool
}

func NewInvoiceRepo(pool *pgxpool.Pool) repository.Invoices { return &InvoiceRepo{pool: pool} }

// InsertIfAbsent writes the invoice and its lines unless an invoice for the
// same advertiser and period already exists.
func (r *InvoiceRepo) InsertIfAbsent(ctx context.Context, inv domain.Invoice) (bool, error) {
	q := db.Conn(ctx, r.pool)
	tag, err := q.Exec(ctx, `
		INSERT INTO invoices (id, number, advertiser_id, period, subtotal_micros, credits_micros,
		                      total_micros, currency, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'issued')
		ON CONFLICT (advertiser_id, period) DO NOTHING`,
		inv.ID, inv.Number, inv.AdvertiserID, inv.Period, int64(inv.Subtotal), int64(inv.Credits),
		int64(inv.Total), inv.Currency)
	if err != nil {
		return false, fmt.Errorf("insert invoice: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return false, nil
	}
	batch := &pgx.Batch{}
	for _, l := range inv.Lines {
		batch.Queue(`INSERT INTO invoice_lines (invoice_id, line_no, campaign_id, description, quantity, amount_micros)
		             VALUES ($1, $2, NULLIF($3, ''), $4, $5, $6)`,
			inv.ID, l.LineNo, l.CampaignID, l.Description, l.Quantity, int64(l.Amount))
	}
	if batch.Len() > 0 {
		if err := q.SendBatch(ctx, batch).Close(); err != nil {
			return false, fmt.Errorf("insert invoice lines: %w", err)
		}
	}
	return true, nil
}

func (r *InvoiceRepo) Get(ctx context.Context, id string) (domain.Invoice, error) {
	q := db.Conn(ctx, r.pool)
	var inv domain.Invoice
	var status string
	var sub, cred, total int64
	err := q.QueryRow(ctx, `
		SELECT id, number, advertiser_id, period, subtotal_micros, credits_micros, total_micros,
		       currency, status, issued_at, emailed_at
		  FROM invoices WHERE id = $1`, id).Scan(
		&inv.ID, &inv.Number, &inv.AdvertiserID, &inv.Period, &sub, &cred, &total,
		&inv.Currency, &status, &inv.IssuedAt, &inv.EmailedAt)
	if db.IsNoRows(err) {
		return inv, domain.ErrNotFound
	}
	if err != nil {
		return inv, fmt.Errorf("get invoice: %w", err)
	}
	inv.Status = domain.InvoiceStatus(status)
	inv.Subtotal, inv.Credits, inv.Total = domain.Micros(sub), domain.Micros(cred), domain.Micros(total)

	rows, err := q.Query(ctx, `
		SELECT line_no, COALESCE(campaign_id, ''), description, quantity, amount_micros
		  FROM invoice_lines WHERE invoice_id = $1 ORDER BY line_no`, id)
	if err != nil {
		return inv, fmt.Errorf("get invoice lines: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var l domain.InvoiceLine
		var amt int64
		if err := rows.Scan(&l.LineNo, &l.CampaignID, &l.Description, &l.Quantity, &amt); err != nil {
			return inv, err
		}
		l.Amount = domain.Micros(amt)
		inv.Lines = append(inv.Lines, l)
	}
	return inv, rows.Err()
}

func (r *InvoiceRepo) SetStatus(ctx context.Context, id string, status domain.InvoiceStatus) error {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx, `
		UPDATE invoices SET status = $2,
		       voided_at = CASE WHEN $2 = 'void' THEN now() ELSE voided_at END
		 WHERE id = $1`, id, string(status))
	if err != nil {
		return fmt.Errorf("set invoice status: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrNotFound
	}
	return nil
}

func (r *InvoiceRepo) MarkEmailed(ctx context.Context, id string, at time.Time) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx, `
		UPDATE invoices SET emailed_at = $2,
		       status = CASE WHEN status = 'issued' THEN 'sent' ELSE status END
		 WHERE id = $1`, id, at)
	if err != nil {
		return fmt.Errorf("mark invoice emailed: %w", err)
	}
	return nil
}

func (r *InvoiceRepo) DispatchExists(ctx context.Context, dispatchID string) (bool, error) {
	var ok bool
	err := db.Conn(ctx, r.pool).QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM invoice_dispatches WHERE dispatch_id = $1)`, dispatchID).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("dispatch exists: %w", err)
	}
	return ok, nil
}

func (r *InvoiceRepo) InsertDispatch(ctx context.Context, d domain.InvoiceDispatch) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx, `
		INSERT INTO invoice_dispatches (dispatch_id, invoice_id, recipient, provider_message_id)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (dispatch_id) DO NOTHING`,
		d.DispatchID, d.InvoiceID, d.Recipient, d.ProviderMessageID)
	if err != nil {
		return fmt.Errorf("insert invoice dispatch: %w", err)
	}
	return nil
}

type CreditNoteRepo struct {
	pool *pgxpool.Pool
}

func NewCreditNoteRepo(pool *pgxpool.Pool) repository.CreditNotes { return &CreditNoteRepo{pool: pool} }

func (r *CreditNoteRepo) InsertIfAbsent(ctx context.Context, cn domain.CreditNote) (bool, error) {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx, `
		INSERT INTO credit_notes (id, invoice_id, advertiser_id, amount_micros, currency, reason,
		                          applies_to_balance, issued_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (id) DO NOTHING`,
		cn.ID, cn.InvoiceID, cn.AdvertiserID, int64(cn.Amount), cn.Currency, cn.Reason,
		cn.AppliesToBalance, cn.IssuedBy)
	if err != nil {
		return false, fmt.Errorf("insert credit note: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r *CreditNoteRepo) Get(ctx context.Context, id string) (domain.CreditNote, error) {
	var cn domain.CreditNote
	var amt int64
	err := db.Conn(ctx, r.pool).QueryRow(ctx, `
		SELECT id, invoice_id, advertiser_id, amount_micros, currency, reason, applies_to_balance,
		       issued_by, issued_at
		  FROM credit_notes WHERE id = $1`, id).Scan(
		&cn.ID, &cn.InvoiceID, &cn.AdvertiserID, &amt, &cn.Currency, &cn.Reason,
		&cn.AppliesToBalance, &cn.IssuedBy, &cn.IssuedAt)
	if db.IsNoRows(err) {
		return cn, domain.ErrNotFound
	}
	if err != nil {
		return cn, fmt.Errorf("get credit note: %w", err)
	}
	cn.Amount = domain.Micros(amt)
	return cn, nil
}
