// Package store keeps keys and orders in PostgreSQL.
package store

import (
	"context"
	"database/sql"
)

// Keys keeps idempotency keys.
type Keys struct{ DB *sql.DB }

func (k *Keys) Lookup(ctx context.Context, key string) (int, bool, error) {
	var status int
	err := k.DB.QueryRowContext(ctx, "SELECT status FROM idempotency_keys WHERE key = $1", key).Scan(&status)
	if err == sql.ErrNoRows {
		return 0, false, nil
	}
	return status, err == nil, err
}

func (k *Keys) Save(ctx context.Context, key string, status int) error {
	_, err := k.DB.ExecContext(ctx, "INSERT INTO idempotency_keys (key, status) VALUES ($1, $2)", key, status) // want `a crash after the handler commits and before the key is stored repeats the handler.s effects on the retry, and a retry that arrives while the first attempt runs passes the same lookup: the key is looked up before the handler this middleware runs and stored after it, apart from the handler.s commits \(idempotency_keys; HTTP handler func literal in Idempotent\)`
	return err
}

func (k *Keys) Claim(ctx context.Context, key string) (bool, error) {
	res, err := k.DB.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (k *Keys) Finish(ctx context.Context, key string, status int) error {
	_, err := k.DB.ExecContext(ctx, "UPDATE idempotency_keys SET status = $2 WHERE key = $1", key, status) // want `a crash after the handler commits and before the key is stored .* \(idempotency_keys; gin handler func literal in GinIdempotent\)`
	return err
}

func (k *Keys) Record(ctx context.Context, key string, status int) error {
	_, err := k.DB.ExecContext(ctx, "INSERT INTO idempotency_keys (key, status) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET status = $2", key, status) // want `a crash after the handler commits and before the key is stored .* \(idempotency_keys; echo handler func literal in func literal in EchoIdempotent\)`
	return err
}

// Orders stores orders.
type Orders struct{ DB *sql.DB }

func (o *Orders) Insert(ctx context.Context, ref string) error {
	_, err := o.DB.ExecContext(ctx, "INSERT INTO orders (ref) VALUES ($1) ON CONFLICT (ref) DO NOTHING", ref)
	return err
}
