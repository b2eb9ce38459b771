// Package database holds the Postgres plumbing shared by all repositories.
package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// DBTX is satisfied by both *sql.DB and *sql.Tx and is what squirrel's
// RunWith accepts for context-aware execution.
type DBTX interface {
	sq.StdSqlCtx
}

// PSQL is the statement builder every repository uses.
var PSQL = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// Open connects to Postgres through the pgx stdlib driver.
func Open(ctx context.Context, dsn string) (*sql.DB, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("database: open: %w", err)
	}
	db.SetMaxOpenConns(20)
	db.SetMaxIdleConns(10)
	db.SetConnMaxLifetime(30 * time.Minute)

	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("database: ping: %w", err)
	}
	return db, nil
}

// Transactor runs a function inside a database transaction.
type Transactor interface {
	InTx(ctx context.Context, fn func(tx *sql.Tx) error) error
}

// TxManager is the default Transactor backed by *sql.DB.
type TxManager struct {
	DB *sql.DB
}

// NewTxManager wraps db.
func NewTxManager(db *sql.DB) *TxManager { return &TxManager{DB: db} }

// InTx begins a transaction, runs fn, and commits if fn returns nil.
func (m *TxManager) InTx(ctx context.Context, fn func(tx *sql.Tx) error) (err error) {
	tx, err := m.DB.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return fmt.Errorf("database: begin: %w", err)
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
	if err = fn(tx); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("database: commit: %w", err)
	}
	return nil
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// ErrNotFound is returned by repositories when a row does not exist.
var ErrNotFound = errors.New("not found")

// NotFound maps sql.ErrNoRows to ErrNotFound.
func NotFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}
