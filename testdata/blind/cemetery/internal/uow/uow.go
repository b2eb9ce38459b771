// Package uow runs a function inside a database transaction that is carried
// in the context (see txctx).
package uow

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/txctx"
)

// Runner is what services depend on.
type Runner interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

// Options configures a UnitOfWork.
type Options struct {
	DB        *sqlx.DB
	Logger    *zap.Logger
	Isolation sql.IsolationLevel
}

// UnitOfWork opens one transaction per Do call. Nested calls join the
// outer transaction.
type UnitOfWork struct {
	db   *sqlx.DB
	log  *zap.Logger
	opts *sql.TxOptions
}

// New builds a UnitOfWork from opts.
func New(opts Options) *UnitOfWork {
	log := opts.Logger
	if log == nil {
		log = zap.NewNop()
	}
	return &UnitOfWork{
		db:   opts.DB,
		log:  log,
		opts: &sql.TxOptions{Isolation: opts.Isolation},
	}
}

// Do runs fn in a transaction and commits when fn returns nil.
func (u *UnitOfWork) Do(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := txctx.From(ctx); ok {
		return fn(ctx)
	}

	tx, err := u.db.BeginTxx(ctx, u.opts)
	if err != nil {
		return fmt.Errorf("uow: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
				u.log.Warn("uow: rollback failed", zap.Error(rbErr))
			}
		}
	}()

	if err = fn(txctx.With(ctx, tx)); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("uow: commit: %w", err)
	}
	return nil
}
