package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// UnitOfWork runs a function inside one database transaction. Nested calls
// join the outer transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

type unitOfWork struct {
	db      *sql.DB
	txOpts  *sql.TxOptions
	onAbort func(ctx context.Context, err error)
}

// UoWOption configures a UnitOfWork.
type UoWOption func(*unitOfWork)

// WithIsolation sets the isolation level of new transactions.
func WithIsolation(level sql.IsolationLevel) UoWOption {
	return func(u *unitOfWork) { u.txOpts = &sql.TxOptions{Isolation: level} }
}

// WithAbortHook is called whenever a transaction is rolled back because fn failed.
func WithAbortHook(h func(ctx context.Context, err error)) UoWOption {
	return func(u *unitOfWork) { u.onAbort = h }
}

// NewUnitOfWork returns a UnitOfWork backed by db.
func NewUnitOfWork(db *sql.DB, opts ...UoWOption) UnitOfWork {
	u := &unitOfWork{db: db, onAbort: func(context.Context, error) {}}
	for _, o := range opts {
		o(u)
	}
	return u
}

func (u *unitOfWork) Do(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	tx, err := u.db.BeginTx(ctx, u.txOpts)
	if err != nil {
		return fmt.Errorf("uow: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
	}()
	if err := fn(WithTx(ctx, tx)); err != nil {
		if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
			err = errors.Join(err, rbErr)
		}
		u.onAbort(ctx, err)
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("uow: commit: %w", err)
	}
	return nil
}
