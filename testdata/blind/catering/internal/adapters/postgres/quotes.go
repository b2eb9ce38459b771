package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/forkandfeast/catering/internal/core/domain"
)

type QuoteRepo struct{ db *DB }

func NewQuoteRepo(db *DB) *QuoteRepo { return &QuoteRepo{db: db} }

const quoteCols = `id, enquiry_id, menu_code, per_head_cents, guest_count, service_fee_cents,
	total_cents, currency, status, valid_until, created_at, accepted_at`

func scanQuote(row pgx.Row) (domain.Quote, error) {
	var (
		q      domain.Quote
		status string
	)
	err := row.Scan(&q.ID, &q.EnquiryID, &q.MenuCode, &q.PerHeadCents, &q.GuestCount, &q.ServiceFeeCents,
		&q.TotalCents, &q.Currency, &status, &q.ValidUntil, &q.CreatedAt, &q.AcceptedAt)
	q.Status = domain.QuoteStatus(status)
	return q, err
}

func (r *QuoteRepo) Insert(ctx context.Context, q domain.Quote) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		INSERT INTO quotes (id, enquiry_id, menu_code, per_head_cents, guest_count, service_fee_cents,
		                    total_cents, currency, status, valid_until, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		q.ID, q.EnquiryID, q.MenuCode, q.PerHeadCents, q.GuestCount, q.ServiceFeeCents,
		q.TotalCents, q.Currency, string(q.Status), q.ValidUntil, q.CreatedAt)
	return mapErr(err)
}

func (r *QuoteRepo) Get(ctx context.Context, id uuid.UUID) (domain.Quote, error) {
	q, err := scanQuote(r.db.q(ctx).QueryRow(ctx, `SELECT `+quoteCols+` FROM quotes WHERE id = $1`, id))
	return q, mapErr(err)
}

func (r *QuoteRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Quote, error) {
	q, err := scanQuote(r.db.q(ctx).QueryRow(ctx, `SELECT `+quoteCols+` FROM quotes WHERE id = $1 FOR UPDATE`, id))
	return q, mapErr(err)
}

func (r *QuoteRepo) MarkAccepted(ctx context.Context, id uuid.UUID, at time.Time) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE quotes SET status = 'accepted', accepted_at = COALESCE(accepted_at, $2)
		 WHERE id = $1`, id, at)
	return mapErr(err)
}

func (r *QuoteRepo) ExpireBefore(ctx context.Context, cutoff time.Time) (int64, error) {
	tag, err := r.db.q(ctx).Exec(ctx, `
		UPDATE quotes SET status = 'expired'
		 WHERE status = 'sent' AND valid_until < $1`, cutoff)
	if err != nil {
		return 0, mapErr(err)
	}
	return tag.RowsAffected(), nil
}
