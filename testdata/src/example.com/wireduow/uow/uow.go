// Package uow carries a transaction in the context, so that
// repositories join a unit of work without knowing of it. It runs no
// statement of its own.
package uow

import (
	"context"
	"database/sql"
)

// Executor is what the repositories run statements on.
type Executor interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type txKey struct{}

// TxFrom returns the transaction ctx carries.
func TxFrom(ctx context.Context) (*sql.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(*sql.Tx)
	return tx, ok && tx != nil
}

// Conn returns the transaction in ctx, or db.
func Conn(ctx context.Context, db *sql.DB) Executor {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return db
}

// UnitOfWork runs work in one transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

type unitOfWork struct{ db *sql.DB }

// New returns a unit of work on db.
func New(db *sql.DB) UnitOfWork { return &unitOfWork{db: db} }

func (u *unitOfWork) Do(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	tx, err := u.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Runner runs work in a transaction, begun again when the database
// asks for a retry of a serialisation failure.
type Runner interface {
	Within(ctx context.Context, fn func(ctx context.Context) error) error
}

type retrying struct{ db *sql.DB }

// NewRunner returns a runner on db.
func NewRunner(db *sql.DB) Runner { return &retrying{db: db} }

// Within hands the work to a helper that begins the transaction.
func (r *retrying) Within(ctx context.Context, fn func(ctx context.Context) error) error {
	var err error
	for range 3 {
		if err = r.once(ctx, fn); err == nil {
			return nil
		}
	}
	return err
}

func (r *retrying) once(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
