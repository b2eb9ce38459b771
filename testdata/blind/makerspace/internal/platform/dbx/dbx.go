// Package dbx holds the database plumbing shared by every repository: opening
// the pool, the context-carried transaction and Postgres error helpers.
package dbx

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Querier is the subset of *sqlx.DB and *sqlx.Tx that repositories use.
type Querier interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error
	SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error
	NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error)
}

// Options configures the connection pool.
type Options struct {
	DSN             string
	MaxOpenConns    int
	MaxIdleConns    int
	ConnMaxLifetime time.Duration
}

// Open connects to Postgres and verifies the connection.
func Open(ctx context.Context, opts Options) (*sqlx.DB, error) {
	db, err := sqlx.Open("postgres", opts.DSN)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	if opts.MaxOpenConns > 0 {
		db.SetMaxOpenConns(opts.MaxOpenConns)
	}
	if opts.MaxIdleConns > 0 {
		db.SetMaxIdleConns(opts.MaxIdleConns)
	}
	if opts.ConnMaxLifetime > 0 {
		db.SetConnMaxLifetime(opts.ConnMaxLifetime)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("ping postgres: %w", err)
	}
	return db, nil
}

const (
	codeUniqueViolation    = "23505"
	codeExclusionViolation = "23P01"
	codeCheckViolation     = "23514"
	codeSerialization      = "40001"
	codeDeadlock           = "40P01"
)

// IsUniqueViolation reports whether err is a unique-constraint violation.
// When constraint is non-empty the violated constraint must match it.
func IsUniqueViolation(err error, constraint string) bool {
	return hasCode(err, codeUniqueViolation, constraint)
}

// IsExclusionViolation reports whether err is an exclusion-constraint violation.
func IsExclusionViolation(err error, constraint string) bool {
	return hasCode(err, codeExclusionViolation, constraint)
}

// IsCheckViolation reports whether err is a CHECK constraint violation.
func IsCheckViolation(err error, constraint string) bool {
	return hasCode(err, codeCheckViolation, constraint)
}

// IsRetryableTxError reports serialization failures and deadlocks, which are
// safe to retry because the transaction was rolled back as a whole.
func IsRetryableTxError(err error) bool {
	return hasCode(err, codeSerialization, "") || hasCode(err, codeDeadlock, "")
}

func hasCode(err error, code, constraint string) bool {
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) {
		return false
	}
	if string(pqErr.Code) != code {
		return false
	}
	return constraint == "" || pqErr.Constraint == constraint
}

// RowsAffected returns the affected row count, treating driver errors as zero.
func RowsAffected(res sql.Result) int64 {
	n, err := res.RowsAffected()
	if err != nil {
		return 0
	}
	return n
}
