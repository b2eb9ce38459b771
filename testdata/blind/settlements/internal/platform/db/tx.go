package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// TxFunc is the unit of work run inside a transaction.
type TxFunc func(ctx context.Context, tx *sqlx.Tx) error

// TxManager runs a unit of work in a single database transaction.
type TxManager interface {
	WithTx(ctx context.Context, fn TxFunc) error
}

type txManager struct {
	db *sqlx.DB
}

// NewTxManager builds the default TxManager over the shared pool.
func NewTxManager(db *sqlx.DB) *txManager {
	return &txManager{db: db}
}

func (m *txManager) WithTx(ctx context.Context, fn TxFunc) (err error) {
	tx, err := m.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("db: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
				err = errors.Join(err, fmt.Errorf("db: rollback: %w", rbErr))
			}
		}
	}()

	if err = fn(ctx, tx); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("db: commit: %w", err)
	}
	return nil
}
