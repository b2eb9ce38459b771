// Package storage implements the service repositories on PostgreSQL with
// sqlx. Every repository resolves its executor per call: the unit-of-work
// transaction when the context carries one, the pool otherwise.
package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
	"go.uber.org/fx"

	"github.com/larchway/hoaops/internal/config"
	"github.com/larchway/hoaops/internal/platform/apperr"
	"github.com/larchway/hoaops/internal/platform/txctx"
)

// Open connects the pool and closes it on shutdown.
func Open(lc fx.Lifecycle, cfg config.Config) (*sqlx.DB, error) {
	db, err := sqlx.Open("postgres", cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	db.SetMaxOpenConns(20)
	db.SetMaxIdleConns(10)
	db.SetConnMaxLifetime(30 * time.Minute)
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return db.PingContext(ctx) },
		OnStop:  func(context.Context) error { return db.Close() },
	})
	return db, nil
}

// executor is what repositories need from either *sqlx.DB or *sqlx.Tx.
type executor interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
}

// conn picks the unit-of-work transaction from ctx, or the pool.
func conn(ctx context.Context, db *sqlx.DB) executor {
	if tx, ok := txctx.From(ctx); ok {
		return tx
	}
	return db
}

const (
	pqUniqueViolation    = "23505"
	pqExclusionViolation = "23P01"
)

// translate maps driver errors onto apperr categories.
func translate(err error, what string) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.NotFoundf("%s", what)
	}
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == pqExclusionViolation {
		return apperr.Conflictf("%s: %s", what, pqErr.Constraint)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// rowsAffected reports whether an UPDATE/INSERT touched at least one row.
func rowsAffected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}

// UnitOfWork implements txctx.UnitOfWork on a sqlx pool.
type UnitOfWork struct {
	db *sqlx.DB
}

// NewUnitOfWork builds a UnitOfWork.
func NewUnitOfWork(db *sqlx.DB) *UnitOfWork { return &UnitOfWork{db: db} }

// Do runs fn in a transaction, joining an existing one if ctx carries it.
func (u *UnitOfWork) Do(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := txctx.From(ctx); ok {
		return fn(ctx)
	}
	tx, err := u.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
	}()
	if err := fn(txctx.With(ctx, tx)); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}
