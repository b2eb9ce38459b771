package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/repository"
)

type PayoutRepo struct {
	pool *pgxpool.Pool
}

func NewPayoutRepo(pool *pgxpool.Pool) repository.Payouts { return &PayoutRepo{pool: pool} }

const payoutColumns = `id, publisher_id, kind, COALESCE(period, ''), amount_micros, currency, status, attempt,
	COALESCE(idempotency_key, ''), COALESCE(provider_transfer_id, ''), COALESCE(failure_reason, ''), created_at`

func scanPayout(row interface{ Scan(...any) error }) (domain.Payout, error) {
	var p domain.Payout
	var kind, status string
	var amt int64
	err := row.Scan(&p.ID, &p.PublisherID, &kind, &p.Period, &amt, &p.Currency, &status, &p.Attempt,
		&p.IdempotencyKey, &p.ProviderTransferID, &p.FailureReason, &p.CreatedAt)
	if db.IsNoRows(err) {
		return p, domain.ErrNotFound
	}
	p.Kind, p.Status, p.Amount = domain.PayoutKind(kind), domain.PayoutStatus(status), domain.Micros(amt)
	return p, err
}

const insertPayout = `INSERT INTO payouts (id, publisher_id, kind, period, amount_micros, currency, status)
	VALUES ($1, $2, $3, NULLIF($4, ''), $5, $6, $7)`

func (r *PayoutRepo) Insert(ctx context.Context, p domain.Payout) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx, insertPayout,
		p.ID, p.PublisherID, string(p.Kind), p.Period, int64(p.Amount), p.Currency, string(p.Status))
	if err != nil {
		return fmt.Errorf("insert payout: %w", err)
	}
	return nil
}

func (r *PayoutRepo) InsertIfAbsent(ctx context.Context, p domain.Payout) (bool, error) {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx, insertPayout+` ON CONFLICT DO NOTHING`,
		p.ID, p.PublisherID, string(p.Kind), p.Period, int64(p.Amount), p.Currency, string(p.Status))
	if err != nil {
		return false, fmt.Errorf("insert payout: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r *PayoutRepo) Get(ctx context.Context, id string) (domain.Payout, error) {
	return scanPayout(db.Conn(ctx, r.pool).QueryRow(ctx, `SELECT `+payoutColumns+` FROM payouts WHERE id = $1`, id))
}

func (r *PayoutRepo) ListUnsettled(ctx context.Context, period string) ([]domain.Payout, error) {
	rows, err := db.Conn(ctx, r.pool).Query(ctx, `
		SELECT `+payoutColumns+` FROM payouts
		 WHERE kind = 'scheduled' AND period = $1 AND status IN ('scheduled', 'submitting')
		 ORDER BY id`, period)
	if err != nil {
		return nil, fmt.Errorf("list unsettled payouts: %w", err)
	}
	defer rows.Close()
	var out []domain.Payout
	for rows.Next() {
		p, err := scanPayout(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func (r *PayoutRepo) MarkSubmitting(ctx context.Context, id, idempotencyKey string) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx, `
		UPDATE payouts SET status = 'submitting', idempotency_key = $2, attempt = attempt + 1,
		       failure_reason = NULL
		 WHERE id = $1 AND status <> 'paid'`, id, idempotencyKey)
	if err != nil {
		return fmt.Errorf("mark payout submitting: %w", err)
	}
	return nil
}

func (r *PayoutRepo) MarkPaid(ctx context.Context, id, transferID string, at time.Time) (bool, error) {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx, `
		UPDATE payouts SET status = 'paid', provider_transfer_id = $2, paid_at = $3
		 WHERE id = $1 AND status <> 'paid'`, id, transferID, at)
	if err != nil {
		return false, fmt.Errorf("mark payout paid: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r *PayoutRepo) MarkFailed(ctx context.Context, id, reason string) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx,
		`UPDATE payouts SET status = 'failed', failure_reason = $2 WHERE id = $1 AND status <> 'paid'`, id, reason)
	if err != nil {
		return fmt.Errorf("mark payout failed: %w", err)
	}
	return nil
}

func (r *PayoutRepo) AppendAttempt(ctx context.Context, a domain.PayoutAttempt) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx, `
		INSERT INTO payout_attempts (id, payout_id, idempotency_key, outcome, http_status, detail)
		VALUES ($1, $2, NULLIF($3, ''), $4, NULLIF($5, 0), NULLIF($6, ''))`,
		a.ID, a.PayoutID, a.IdempotencyKey, a.Outcome, a.HTTPStatus, a.Detail)
	if err != nil {
		return fmt.Errorf("append payout attempt: %w", err)
	}
	return nil
}
