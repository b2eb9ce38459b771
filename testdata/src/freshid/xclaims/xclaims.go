// Package xclaims is an sqlc-style store: its claim reads its row back,
// which a repeat finds missing, and returns the error that says so.
package xclaims

import (
	"context"
	"database/sql"
)

// A Key is a claimed idempotency key.
type Key struct{ Scope, Key string }

// Queries runs the statements.
type Queries struct{ db *sql.DB }

// New returns the queries on db.
func New(db *sql.DB) *Queries { return &Queries{db: db} }

// ClaimKey inserts the key, or nothing when it is there.
func (q *Queries) ClaimKey(ctx context.Context, scope, key string) (Key, error) {
	var k Key
	err := q.db.QueryRowContext(ctx, "INSERT INTO idempotency_keys (scope, key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING scope, key", scope, key).Scan(&k.Scope, &k.Key)
	return k, err
}

// InsertOrder inserts an order under the ID it is given.
func (q *Queries) InsertOrder(ctx context.Context, id string) error {
	_, err := q.db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", id)
	return err
}

// A Transfer is a move its caller names by a request key.
type Transfer struct {
	ID, RequestKey string
}

// ClaimTransfer inserts the transfer, or finds the one already stored
// under its request key, and reads the stored row back into t.
func (q *Queries) ClaimTransfer(ctx context.Context, t *Transfer) (bool, error) {
	var created bool
	err := q.db.QueryRowContext(ctx, `WITH ins AS (
		INSERT INTO transfers (id, request_key) VALUES ($1, $2)
		ON CONFLICT (request_key) DO NOTHING
		RETURNING id, true AS created)
		SELECT id, created FROM ins
		UNION ALL SELECT id, false FROM transfers WHERE request_key = $2
		LIMIT 1`, t.ID, t.RequestKey).Scan(&t.ID, &created)
	return created, err
}

// SaveTransfer inserts the transfer and reads back the ID it stored:
// the one it was given.
func (q *Queries) SaveTransfer(ctx context.Context, t *Transfer) error {
	return q.db.QueryRowContext(ctx, "INSERT INTO transfer_log (id, request_key) VALUES ($1, $2) RETURNING id", t.ID, t.RequestKey).Scan(&t.ID)
}

// UpsertTransfer inserts the transfer, or touches the one stored under
// its request key, and reads the stored ID back into t.
func (q *Queries) UpsertTransfer(ctx context.Context, t *Transfer) error {
	return q.db.QueryRowContext(ctx, "INSERT INTO transfers (id, request_key) VALUES ($1, $2) ON CONFLICT (request_key) DO UPDATE SET request_key = EXCLUDED.request_key RETURNING id", t.ID, t.RequestKey).Scan(&t.ID)
}

// InsertTransfer inserts the transfer unless one is stored under its
// request key, and says whether it did.
func (q *Queries) InsertTransfer(ctx context.Context, t *Transfer) (bool, error) {
	res, err := q.db.ExecContext(ctx, "INSERT INTO transfers (id, request_key) VALUES ($1, $2) ON CONFLICT (request_key) DO NOTHING", t.ID, t.RequestKey)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// TransferByKey returns the transfer stored under a request key.
func (q *Queries) TransferByKey(ctx context.Context, key string) (*Transfer, error) {
	t := &Transfer{RequestKey: key}
	err := q.db.QueryRowContext(ctx, "SELECT id FROM transfers WHERE request_key = $1", key).Scan(&t.ID)
	return t, err
}
