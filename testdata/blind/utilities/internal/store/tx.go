package store

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// TxManager runs a function inside a database transaction with every
// repository bound to that transaction.
type TxManager interface {
	WithinTx(ctx context.Context, fn func(r Repos) error) error
}

type sqlxTxManager struct {
	db *sqlx.DB
}

// NewTxManager returns a TxManager over db.
func NewTxManager(db *sqlx.DB) TxManager {
	return &sqlxTxManager{db: db}
}

func (m *sqlxTxManager) WithinTx(ctx context.Context, fn func(r Repos) error) (err error) {
	tx, err := m.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(NewRepos(tx)); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("commit tx: %w", err)
	}
	return nil
}

// InTx is the value-returning form of WithinTx.
func InTx[T any](ctx context.Context, m TxManager, fn func(r Repos) (T, error)) (T, error) {
	var out T
	err := m.WithinTx(ctx, func(r Repos) error {
		v, err := fn(r)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// NewPoolRepos binds the repositories to the connection pool: each call
// runs in its own implicit transaction.
func NewPoolRepos(db *sqlx.DB) Repos {
	return NewRepos(db)
}
