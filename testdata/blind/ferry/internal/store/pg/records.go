package pg

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/northsound/ferrydesk/internal/domain"
)

type idempotency struct{ db Querier }

func (r idempotency) Lookup(ctx context.Context, scope, key string) (domain.IdempotencyRecord, bool, error) {
	rec := domain.IdempotencyRecord{Scope: scope, Key: key}
	err := r.db.QueryRow(ctx, `
		SELECT status_code, response_body, created_at FROM api_idempotency
		WHERE scope = $1 AND key = $2`, scope, key).
		Scan(&rec.StatusCode, &rec.Body, &rec.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.IdempotencyRecord{}, false, nil
	}
	if err != nil {
		return domain.IdempotencyRecord{}, false, translate(err, "lookup idempotency record")
	}
	return rec, true, nil
}

func (r idempotency) Save(ctx context.Context, rec domain.IdempotencyRecord) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO api_idempotency (scope, key, status_code, response_body)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (scope, key) DO NOTHING`, rec.Scope, rec.Key, rec.StatusCode, rec.Body)
	return translate(err, "save idempotency record")
}

type stripeEvents struct{ db Querier }

func (r stripeEvents) Seen(ctx context.Context, eventID string) (bool, error) {
	var seen bool
	err := r.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM stripe_events WHERE event_id = $1)`, eventID).Scan(&seen)
	return seen, translate(err, "stripe event seen")
}

func (r stripeEvents) MarkProcessed(ctx context.Context, eventID, eventType string) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	return translate(err, "mark stripe event processed")
}
