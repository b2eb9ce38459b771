// Package platform holds small pieces shared by every aggregate: the typed
// row store, transaction plumbing and common errors.
package platform

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/uptrace/bun"
)

var (
	// ErrNotFound is returned when a lookup matches no row.
	ErrNotFound = errors.New("not found")
	// ErrConflict is returned when a state transition is not allowed.
	ErrConflict = errors.New("conflict")
)

type txKey struct{}

// WithTx returns a context carrying tx. Store methods called with that
// context run inside the transaction.
func WithTx(ctx context.Context, tx bun.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// TxFrom returns the transaction carried by ctx, if any.
func TxFrom(ctx context.Context) (bun.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(bun.Tx)
	return tx, ok
}

// InTx runs fn in a transaction and makes the transaction available to
// stores through the context. If ctx already carries a transaction fn joins it.
func InTx(ctx context.Context, db *bun.DB, fn func(ctx context.Context, tx bun.Tx) error) error {
	if tx, ok := TxFrom(ctx); ok {
		return fn(ctx, tx)
	}
	return db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		return fn(WithTx(ctx, tx), tx)
	})
}

// Store is a typed row store for aggregates that map to a single table.
// Repositories embed it and add their own queries on top.
type Store[T any] struct {
	db *bun.DB
}

// NewStore returns a Store bound to db.
func NewStore[T any](db *bun.DB) *Store[T] {
	return &Store[T]{db: db}
}

// DB returns the underlying handle.
func (s *Store[T]) DB() *bun.DB { return s.db }

// Conn returns the transaction from ctx or the pool.
func (s *Store[T]) Conn(ctx context.Context) bun.IDB {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return s.db
}

// Get loads the row whose primary key column equals id.
func (s *Store[T]) Get(ctx context.Context, id any) (*T, error) {
	m := new(T)
	err := s.Conn(ctx).NewSelect().Model(m).Where("?PKs = ?", id).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// GetForUpdate is Get with a row lock; it must run inside a transaction.
func (s *Store[T]) GetForUpdate(ctx context.Context, id any) (*T, error) {
	if _, ok := TxFrom(ctx); !ok {
		return nil, fmt.Errorf("store: GetForUpdate outside transaction")
	}
	m := new(T)
	err := s.Conn(ctx).NewSelect().Model(m).Where("?PKs = ?", id).For("UPDATE").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// FindOne returns the first row matching where.
func (s *Store[T]) FindOne(ctx context.Context, where string, args ...any) (*T, error) {
	m := new(T)
	err := s.Conn(ctx).NewSelect().Model(m).Where(where, args...).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Find returns every row matching where, in primary key order.
func (s *Store[T]) Find(ctx context.Context, where string, args ...any) ([]T, error) {
	var out []T
	err := s.Conn(ctx).NewSelect().Model(&out).Where(where, args...).Scan(ctx)
	return out, err
}

// Insert writes m.
func (s *Store[T]) Insert(ctx context.Context, m *T) error {
	_, err := s.Conn(ctx).NewInsert().Model(m).Exec(ctx)
	return err
}

// InsertIgnore writes m unless a row already holds the same value for the
// conflict target. It reports whether a row was written.
func (s *Store[T]) InsertIgnore(ctx context.Context, m *T, target ...string) (bool, error) {
	res, err := s.Conn(ctx).NewInsert().Model(m).
		On(fmt.Sprintf("CONFLICT (%s) DO NOTHING", strings.Join(target, ", "))).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Upsert writes m, replacing the listed columns when the conflict target
// already exists.
func (s *Store[T]) Upsert(ctx context.Context, m *T, target string, columns ...string) error {
	q := s.Conn(ctx).NewInsert().Model(m).On(fmt.Sprintf("CONFLICT (%s) DO UPDATE", target))
	for _, c := range columns {
		q = q.Set(fmt.Sprintf("%s = EXCLUDED.%s", c, c))
	}
	_, err := q.Exec(ctx)
	return err
}

// Update writes the listed columns of m by primary key.
func (s *Store[T]) Update(ctx context.Context, m *T, columns ...string) error {
	res, err := s.Conn(ctx).NewUpdate().Model(m).Column(columns...).WherePK().Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}
