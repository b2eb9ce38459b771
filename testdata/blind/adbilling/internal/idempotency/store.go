// Package idempotency stores caller-supplied Idempotency-Key values.
package idempotency

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
)

// Store maps (scope, key) to the resource created for the first request.
type Store interface {
	// Claim binds key to resourceID. When the key was already bound it
	// returns the earlier resource ID and claimed=false. Call it inside the
	// transaction that creates the resource.
	Claim(ctx context.Context, scope, key, resourceID string) (existing string, claimed bool, err error)
}

type pgStore struct {
	pool *pgxpool.Pool
}

func NewStore(pool *pgxpool.Pool) Store { return &pgStore{pool: pool} }

func (s *pgStore) Claim(ctx context.Context, scope, key, resourceID string) (string, bool, error) {
	q := db.Conn(ctx, s.pool)
	var id string
	err := q.QueryRow(ctx,
		`INSERT INTO idempotency_keys (scope, key, resource_id) VALUES ($1, $2, $3)
		 ON CONFLICT (scope, key) DO NOTHING
		 RETURNING resource_id`, scope, key, resourceID).Scan(&id)
	if err == nil {
		return id, true, nil
	}
	if !db.IsNoRows(err) {
		return "", false, fmt.Errorf("claim idempotency key: %w", err)
	}
	if err := q.QueryRow(ctx,
		`SELECT resource_id FROM idempotency_keys WHERE scope = $1 AND key = $2`,
		scope, key).Scan(&id); err != nil {
		return "", false, fmt.Errorf("load idempotency key: %w", err)
	}
	return id, false, nil
}

// ValidateKey checks a client-provided key.
func ValidateKey(key string) error {
	key = strings.TrimSpace(key)
	if key == "" {
		return domain.Invalid("Idempotency-Key", "header is required")
	}
	if len(key) > 200 {
		return domain.Invalid("Idempotency-Key", "must be at most 200 characters")
	}
	return nil
}
