package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Entity describes a row type stored in a single table with simple columns.
type Entity interface {
	TableName() string
	Columns() []string
	Values() []any
}

// Repo is a small generic repository for append-mostly tables whose rows map
// one-to-one onto a struct with db tags.
type Repo[T any, P interface {
	*T
	Entity
}] struct {
	db  *DB
	key string
}

// NewRepo returns a Repo keyed by the given primary-key column.
func NewRepo[T any, P interface {
	*T
	Entity
}](db *DB, key string) *Repo[T, P] {
	return &Repo[T, P]{db: db, key: key}
}

func (r *Repo[T, P]) table() string {
	var zero T
	return P(&zero).TableName()
}

func (r *Repo[T, P]) columns() []string {
	var zero T
	return P(&zero).Columns()
}

func placeholders(n int) string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = fmt.Sprintf("$%d", i+1)
	}
	return strings.Join(ps, ", ")
}

// Insert writes v.
func (r *Repo[T, P]) Insert(ctx context.Context, v P) error {
	cols := v.Columns()
	q := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)",
		v.TableName(), strings.Join(cols, ", "), placeholders(len(cols)))
	_, err := r.db.conn(ctx).Exec(ctx, q, v.Values()...)
	if err != nil {
		return fmt.Errorf("insert %s: %w", v.TableName(), err)
	}
	return nil
}

// InsertIgnore writes v unless a row already exists for the conflict target.
// It reports whether a row was written.
func (r *Repo[T, P]) InsertIgnore(ctx context.Context, v P, conflict ...string) (bool, error) {
	cols := v.Columns()
	target := ""
	if len(conflict) > 0 {
		target = "(" + strings.Join(conflict, ", ") + ")"
	}
	q := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s) ON CONFLICT %s DO NOTHING",
		v.TableName(), strings.Join(cols, ", "), placeholders(len(cols)), target)
	tag, err := r.db.conn(ctx).Exec(ctx, q, v.Values()...)
	if err != nil {
		return false, fmt.Errorf("insert %s: %w", v.TableName(), err)
	}
	return tag.RowsAffected() == 1, nil
}

// Get loads the row with the given key.
func (r *Repo[T, P]) Get(ctx context.Context, id any) (*T, error) {
	q := fmt.Sprintf("SELECT %s FROM %s WHERE %s = $1",
		strings.Join(r.columns(), ", "), r.table(), r.key)
	rows, err := r.db.conn(ctx).Query(ctx, q, id)
	if err != nil {
		return nil, err
	}
	v, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByNameLax[T])
	if err != nil {
		return nil, notFound(err)
	}
	return v, nil
}

// ListWhere loads rows matching a trusted SQL predicate.
func (r *Repo[T, P]) ListWhere(ctx context.Context, where string, args ...any) ([]*T, error) {
	q := fmt.Sprintf("SELECT %s FROM %s WHERE %s",
		strings.Join(r.columns(), ", "), r.table(), where)
	rows, err := r.db.conn(ctx).Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToAddrOfStructByNameLax[T])
}
