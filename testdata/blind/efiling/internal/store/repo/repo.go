// Package repo is a small reflective repository for tables whose rows map
// one-to-one onto a struct. Columns come from `db:"name[,pk][,default]"` tags:
// pk marks the key used by Get, default marks columns the database fills in
// (they are skipped on insert). The table name comes from a TableName method.
package repo

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"

	"github.com/docketly/efile/internal/store/db"
)

// ErrNotFound is returned by Get when no row matches.
var ErrNotFound = errors.New("repo: not found")

type tabler interface {
	TableName() string
}

type field struct {
	column    string
	index     int
	pk        bool
	dbDefault bool
}

type meta struct {
	table  string
	fields []field
}

var cache sync.Map // reflect.Type -> *meta

func metaFor[T any]() (*meta, error) {
	var zero T
	t := reflect.TypeOf(zero)
	if m, ok := cache.Load(t); ok {
		return m.(*meta), nil
	}
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("repo: %s is not a struct", t)
	}
	tb, ok := any(zero).(tabler)
	if !ok {
		return nil, fmt.Errorf("repo: %s has no TableName method", t)
	}
	m := &meta{table: tb.TableName()}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag := sf.Tag.Get("db")
		if tag == "" || tag == "-" || !sf.IsExported() {
			continue
		}
		parts := strings.Split(tag, ",")
		f := field{column: parts[0], index: i}
		for _, p := range parts[1:] {
			switch p {
			case "pk":
				f.pk = true
			case "default":
				f.dbDefault = true
			}
		}
		m.fields = append(m.fields, f)
	}
	cache.Store(t, m)
	return m, nil
}

func (m *meta) columnList() string {
	cols := make([]string, len(m.fields))
	for i, f := range m.fields {
		cols[i] = f.column
	}
	return strings.Join(cols, ", ")
}

// InsertOption adjusts the generated INSERT.
type InsertOption func(*insertConfig)

type insertConfig struct {
	conflictTarget []string
	doNothing      bool
}

// OnConflictDoNothing appends ON CONFLICT (cols...) DO NOTHING. With no
// columns the clause has no target and covers any unique constraint.
func OnConflictDoNothing(cols ...string) InsertOption {
	return func(c *insertConfig) {
		c.conflictTarget = cols
		c.doNothing = true
	}
}

// Insert writes row and reports whether a row was actually inserted (false
// only when a conflict clause swallowed it).
func Insert[T any](ctx context.Context, q db.DBTX, row *T, opts ...InsertOption) (bool, error) {
	m, err := metaFor[T]()
	if err != nil {
		return false, err
	}
	var cfg insertConfig
	for _, o := range opts {
		o(&cfg)
	}

	v := reflect.ValueOf(row).Elem()
	cols := make([]string, 0, len(m.fields))
	marks := make([]string, 0, len(m.fields))
	args := make([]any, 0, len(m.fields))
	for _, f := range m.fields {
		if f.dbDefault {
			continue
		}
		cols = append(cols, f.column)
		args = append(args, v.Field(f.index).Interface())
		marks = append(marks, fmt.Sprintf("$%d", len(args)))
	}

	var sb strings.Builder
	fmt.Fprintf(&sb, "INSERT INTO %s (%s) VALUES (%s)", m.table, strings.Join(cols, ", "), strings.Join(marks, ", "))
	if cfg.doNothing {
		sb.WriteString(" ON CONFLICT")
		if len(cfg.conflictTarget) > 0 {
			fmt.Fprintf(&sb, " (%s)", strings.Join(cfg.conflictTarget, ", "))
		}
		sb.WriteString(" DO NOTHING")
	}

	tag, err := q.Exec(ctx, sb.String(), args...)
	if err != nil {
		return false, fmt.Errorf("repo: insert %s: %w", m.table, err)
	}
	return tag.RowsAffected() == 1, nil
}

// Get loads the row whose primary key columns equal keys, in tag order.
func Get[T any](ctx context.Context, q db.DBTX, keys ...any) (T, error) {
	var out T
	m, err := metaFor[T]()
	if err != nil {
		return out, err
	}
	var where []string
	for _, f := range m.fields {
		if f.pk {
			where = append(where, fmt.Sprintf("%s = $%d", f.column, len(where)+1))
		}
	}
	if len(where) != len(keys) {
		return out, fmt.Errorf("repo: %s has %d key columns, got %d values", m.table, len(where), len(keys))
	}
	sql := fmt.Sprintf("SELECT %s FROM %s WHERE %s", m.columnList(), m.table, strings.Join(where, " AND "))

	v := reflect.ValueOf(&out).Elem()
	dest := make([]any, len(m.fields))
	for i, f := range m.fields {
		dest[i] = v.Field(f.index).Addr().Interface()
	}
	if err := q.QueryRow(ctx, sql, keys...).Scan(dest...); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return out, ErrNotFound
		}
		return out, fmt.Errorf("repo: get %s: %w", m.table, err)
	}
	return out, nil
}
