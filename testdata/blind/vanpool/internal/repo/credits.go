package repo

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/platform/money"
)

// Credits persists ride credits.
type Credits struct{}

// NewCredits returns a Credits repository.
func NewCredits() *Credits { return &Credits{} }

const creditCols = `id, member_id, rider_id, source, ride_date, coalesce(direction, ''), amount_cents,
	coalesce(note, ''), status, applied_to, expires_at, created_at`

func scanCredit(row pgx.Row) (*domain.Credit, error) {
	var c domain.Credit
	err := row.Scan(&c.ID, &c.MemberID, &c.RiderID, &c.Source, &c.RideDate, &c.Direction, &c.AmountCents,
		&c.Note, &c.Status, &c.AppliedTo, &c.ExpiresAt, &c.CreatedAt)
	if err != nil {
		return nil, db.NotFound(err)
	}
	return &c, nil
}

// Insert writes a new credit.
func (r *Credits) Insert(ctx context.Context, q db.Querier, c domain.Credit) (*domain.Credit, error) {
	out, err := scanCredit(q.QueryRow(ctx, `
		INSERT INTO ride_credits (id, member_id, rider_id, source, ride_date, direction, amount_cents, note, expires_at)
		VALUES ($1, $2, $3, $4, $5, nullif($6, ''), $7, nullif($8, ''), $9)
		RETURNING `+creditCols,
		c.ID, c.MemberID, c.RiderID, c.Source, c.RideDate, c.Direction, c.AmountCents, c.Note, c.ExpiresAt))
	if err != nil {
		return nil, fmt.Errorf("credits: insert: %w", err)
	}
	return out, nil
}

// Get loads a credit.
func (r *Credits) Get(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Credit, error) {
	c, err := scanCredit(q.QueryRow(ctx, `SELECT `+creditCols+` FROM ride_credits WHERE id = $1`, id))
	if err != nil {
		return nil, fmt.Errorf("credits: get %s: %w", id, err)
	}
	return c, nil
}

// ListOpen returns a member's open, unexpired credits, oldest first.
func (r *Credits) ListOpen(ctx context.Context, q db.Querier, memberID uuid.UUID, asOf time.Time) ([]domain.Credit, error) {
	rows, err := q.Query(ctx, `
		SELECT `+creditCols+` FROM ride_credits
		WHERE member_id = $1 AND status = 'open' AND expires_at > $2
		ORDER BY created_at`, memberID, asOf)
	if err != nil {
		return nil, fmt.Errorf("credits: list open: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.Credit, error) {
		c, err := scanCredit(row)
		if err != nil {
			return domain.Credit{}, err
		}
		return *c, nil
	})
}

// MarkApplied flips the given open credits to applied against a deduction and
// returns the total amount that was actually applied.
func (r *Credits) MarkApplied(ctx context.Context, q db.Querier, ids []uuid.UUID, deductionID uuid.UUID) (money.Cents, error) {
	var total *int64
	err := q.QueryRow(ctx, `
		WITH applied AS (
			UPDATE ride_credits SET status = 'applied', applied_to = $2
			WHERE id = ANY($1) AND status = 'open'
			RETURNING amount_cents
		)
		SELECT sum(amount_cents) FROM applied`, ids, deductionID).Scan(&total)
	if err != nil {
		return 0, fmt.Errorf("credits: mark applied: %w", err)
	}
	if total == nil {
		return 0, nil
	}
	return money.Cents(*total), nil
}

// Void cancels an open credit. ok=false means the credit was not open.
func (r *Credits) Void(ctx context.Context, q db.Querier, id uuid.UUID, note string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE ride_credits SET status = 'void', note = coalesce(nullif($2, ''), note)
		WHERE id = $1 AND status = 'open'`, id, note)
	if err != nil {
		return false, fmt.Errorf("credits: void: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// ExpireBefore marks open credits past their expiry as expired.
func (r *Credits) ExpireBefore(ctx context.Context, q db.Querier, cutoff time.Time) (int64, error) {
	tag, err := q.Exec(ctx, `
		UPDATE ride_credits SET status = 'expired'
		WHERE status = 'open' AND expires_at <= $1`, cutoff)
	if err != nil {
		return 0, fmt.Errorf("credits: expire: %w", err)
	}
	return tag.RowsAffected(), nil
}
