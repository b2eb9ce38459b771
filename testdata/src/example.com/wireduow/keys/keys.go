// Package keys claims idempotency keys, in the context's transaction
// when it carries one.
package keys

import (
	"context"
	"database/sql"

	"example.com/wireduow/uow"
)

// Store claims keys.
type Store interface {
	Claim(ctx context.Context, key string) (resource string, fresh bool, err error)
	Complete(ctx context.Context, key, resource string) error
}

type pgStore struct{ db *sql.DB }

// New returns the store on db.
func New(db *sql.DB) Store { return &pgStore{db: db} }

func (s *pgStore) Claim(ctx context.Context, key string) (string, bool, error) {
	conn := uow.Conn(ctx, s.db)
	res, err := conn.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT (key) DO NOTHING", key) // want `a crash between the two commits records the key without its effect, so the retry is skipped and the effect lost: the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a transaction; HTTP handler Handler.PostCharge\)`
	if err != nil {
		return "", false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return "", true, nil
	}
	var resource sql.NullString
	err = conn.QueryRowContext(ctx, "SELECT resource_id FROM idempotency_keys WHERE key = $1", key).Scan(&resource)
	return resource.String, false, err
}

func (s *pgStore) Complete(ctx context.Context, key, resource string) error {
	_, err := uow.Conn(ctx, s.db).ExecContext(ctx, "UPDATE idempotency_keys SET resource_id = $2 WHERE key = $1", key, resource)
	return err
}
