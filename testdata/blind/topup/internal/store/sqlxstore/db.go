// Package sqlxstore holds the sqlx-backed repositories used by the reseller
// gateway, the webhook pipeline and billing.
package sqlxstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"

	"github.com/example/topup/internal/domain"
)

func Open(url string) (*sqlx.DB, error) {
	db, err := sqlx.Open("postgres", url)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(15)
	db.SetConnMaxIdleTime(5 * time.Minute)
	return db, nil
}

// Queryer is implemented by *sqlx.DB and *sqlx.Tx.
type Queryer interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
}

// Table is a thin generic helper for the read side of simple tables.
type Table[T any] struct {
	name    string
	columns []string
}

func NewTable[T any](name string, columns ...string) Table[T] {
	return Table[T]{name: name, columns: columns}
}

func (t Table[T]) selectSQL() string {
	cols := "*"
	if len(t.columns) > 0 {
		cols = strings.Join(t.columns, ", ")
	}
	return fmt.Sprintf("SELECT %s FROM %s", cols, t.name)
}

func (t Table[T]) Get(ctx context.Context, q Queryer, id uuid.UUID) (*T, error) {
	var out T
	if err := q.GetContext(ctx, &out, t.selectSQL()+" WHERE id = $1", id); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, domain.ErrNotFound
		}
		return nil, err
	}
	return &out, nil
}

func (t Table[T]) Where(ctx context.Context, q Queryer, cond string, args ...any) ([]T, error) {
	var out []T
	if err := q.SelectContext(ctx, &out, t.selectSQL()+" WHERE "+cond, args...); err != nil {
		return nil, err
	}
	return out, nil
}

func (t Table[T]) First(ctx context.Context, q Queryer, cond string, args ...any) (*T, error) {
	var out T
	if err := q.GetContext(ctx, &out, t.selectSQL()+" WHERE "+cond+" LIMIT 1", args...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, domain.ErrNotFound
		}
		return nil, err
	}
	return &out, nil
}

// InTx runs fn inside a transaction on db.
func InTx(ctx context.Context, db *sqlx.DB, fn func(tx *sqlx.Tx) error) error {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
