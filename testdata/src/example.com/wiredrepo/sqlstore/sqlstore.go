// Package sqlstore keeps credits with database/sql, in the transaction
// a unit of work carries in the context.
package sqlstore

import (
	"context"
	"database/sql"
)

type txKey struct{}

// Executor is what runs statements: the pool or a transaction.
type Executor interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Conn returns the transaction ctx carries, or the pool.
func Conn(ctx context.Context, pool *sql.DB) Executor {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return pool
}

// Transactor runs work in a transaction it begins.
type Transactor struct{ DB *sql.DB }

// RunInTx runs fn with a context that carries the transaction.
func (t *Transactor) RunInTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	tx, err := t.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	if err = fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		return err
	}
	return tx.Commit()
}

// Credits stores credits under the caller's request key.
type Credits struct{ DB *sql.DB }

// Seen reports whether a credit with the request key exists.
func (c *Credits) Seen(ctx context.Context, key string) (bool, error) {
	var seen bool
	err := Conn(ctx, c.DB).QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM credits WHERE request_key = $1)", key).Scan(&seen) // want `a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect \(credits on a handle that commits each statement, the effect on a transaction; HTTP handler Handler.Credit\)`
	return seen, err
}

// Add inserts a credit.
func (c *Credits) Add(ctx context.Context, key, account string, amount int64) error {
	_, err := Conn(ctx, c.DB).ExecContext(ctx, "INSERT INTO credits (request_key, account, amount) VALUES ($1, $2, $3)", key, account, amount)
	return err
}
