// Package db owns the connection pool shared by gorm and the raw SQL ledger,
// and carries the active transaction through context.Context so that
// repositories and the ledger join whatever unit of work their caller opened.
package db

import (
	"context"
	"database/sql"
	"fmt"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

type gormTxKey struct{}
type sqlTxKey struct{}

var defaultDB atomic.Pointer[gorm.DB]

// Handles bundles the two views of the same pool.
type Handles struct {
	Gorm *gorm.DB
	SQL  *sql.DB
}

// Open connects through the pgx stdlib driver and layers gorm on the same
// *sql.DB. The gorm handle becomes the fallback returned by FromContext.
func Open(ctx context.Context, dsn string) (*Handles, error) {
	sqlDB, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("db: open: %w", err)
	}
	sqlDB.SetMaxOpenConns(40)
	sqlDB.SetMaxIdleConns(10)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(pingCtx); err != nil {
		_ = sqlDB.Close()
		return nil, fmt.Errorf("db: ping: %w", err)
	}
	gdb, err := gorm.Open(postgres.New(postgres.Config{Conn: sqlDB}), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		_ = sqlDB.Close()
		return nil, fmt.Errorf("db: gorm: %w", err)
	}
	defaultDB.Store(gdb)
	return &Handles{Gorm: gdb, SQL: sqlDB}, nil
}

// Close releases the pool.
func (h *Handles) Close() error { return h.SQL.Close() }

// FromContext returns the gorm transaction bound to ctx, or the shared pool
// when no transaction is active.
func FromContext(ctx context.Context) *gorm.DB {
	if tx, ok := ctx.Value(gormTxKey{}).(*gorm.DB); ok && tx != nil {
		return tx.WithContext(ctx)
	}
	base := defaultDB.Load()
	if base == nil {
		panic("db: FromContext called before Open")
	}
	return base.WithContext(ctx)
}

// InTx reports whether ctx carries an open transaction of either flavour.
func InTx(ctx context.Context) bool {
	if _, ok := ctx.Value(gormTxKey{}).(*gorm.DB); ok {
		return true
	}
	_, ok := ctx.Value(sqlTxKey{}).(*sql.Tx)
	return ok
}

// Transaction runs fn inside a gorm transaction. Nested calls join the outer
// transaction instead of opening savepoints.
func Transaction(ctx context.Context, fn func(ctx context.Context) error) error {
	if InTx(ctx) {
		return fn(ctx)
	}
	return FromContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, gormTxKey{}, tx))
	})
}

// Querier is the subset of database/sql shared by *sql.DB, *sql.Tx and
// gorm's ConnPool.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// ConnFromContext returns the database/sql connection of the transaction bound
// to ctx, if any. A gorm transaction exposes its *sql.Tx as the statement's
// connection pool, so raw SQL issued through it commits with the gorm writes.
func ConnFromContext(ctx context.Context) (Querier, bool) {
	if tx, ok := ctx.Value(sqlTxKey{}).(*sql.Tx); ok {
		return tx, true
	}
	if tx, ok := ctx.Value(gormTxKey{}).(*gorm.DB); ok {
		if q, ok := tx.Statement.ConnPool.(Querier); ok {
			return q, true
		}
	}
	return nil, false
}

// WithSQLTx binds a database/sql transaction to ctx. gorm calls made with the
// returned context also run on it.
func WithSQLTx(ctx context.Context, tx *sql.Tx) context.Context {
	ctx = context.WithValue(ctx, sqlTxKey{}, tx)
	base := defaultDB.Load()
	if base != nil {
		gtx := base.Session(&gorm.Session{NewDB: true, Context: ctx})
		gtx.Statement.ConnPool = tx
		ctx = context.WithValue(ctx, gormTxKey{}, gtx)
	}
	return ctx
}
