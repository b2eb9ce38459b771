package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/kickvolt/ridecore/internal/platform/pgstore"
)

// Idempotency stores client Idempotency-Key values per scope.
type Idempotency struct{ db *pgstore.DB }

func (i *Idempotency) Exists(ctx context.Context, scope, key string) (bool, error) {
	var one int
	err := i.db.Q(ctx).QueryRow(ctx,
		`SELECT 1 FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func (i *Idempotency) Save(ctx context.Context, scope, key string) error {
	_, err := i.db.Q(ctx).Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key) VALUES ($1, $2)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key)
	return err
}
