package database

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun"
)

type txKey struct{}

// TxManager runs functions inside a bun transaction and carries the
// transaction in the context so that repositories pick it up through Conn.
type TxManager struct {
	db *bun.DB
}

func NewTxManager(db *bun.DB) *TxManager {
	return &TxManager{db: db}
}

// WithinTx runs fn in a transaction. Nested calls join the outer
// transaction instead of opening a new one.
func (m *TxManager) WithinTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	return m.db.RunInTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted}, func(ctx context.Context, tx bun.Tx) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// TxFrom returns the transaction carried by ctx, if any.
func TxFrom(ctx context.Context) (bun.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(bun.Tx)
	return tx, ok
}

// Conn returns the transaction carried by ctx, or db when there is none.
func Conn(ctx context.Context, db *bun.DB) bun.IDB {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return db
}

// Transactor is the narrow interface services depend on.
type Transactor interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}
