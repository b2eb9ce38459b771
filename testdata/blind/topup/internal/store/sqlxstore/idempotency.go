package sqlxstore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/google/uuid"

	"github.com/example/topup/internal/domain"
)

// Idempotency stores responses of reseller requests by their Idempotency-Key.
type Idempotency struct{}

func NewIdempotency() *Idempotency { return &Idempotency{} }

func (r *Idempotency) Lookup(ctx context.Context, q Queryer, resellerID uuid.UUID, key string) (*domain.IdempotencyRecord, error) {
	var rec domain.IdempotencyRecord
	err := q.GetContext(ctx, &rec, `
		SELECT reseller_id, key, status_code, response, created_at
		FROM idempotency_records WHERE reseller_id = $1 AND key = $2`, resellerID, key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rec, nil
}

func (r *Idempotency) Store(ctx context.Context, q Queryer, rec domain.IdempotencyRecord) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO idempotency_records (reseller_id, key, status_code, response)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (reseller_id, key) DO NOTHING`, rec.ResellerID, rec.Key, rec.StatusCode, rec.Response)
	return err
}
