package store

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/quillsign/esign/internal/store/queries"
)

// Table is implemented by row types that map to a single table.
type Table interface {
	TableName() string
}

// Get runs a single-row query and scans it into T by column name.
func Get[T any](ctx context.Context, db queries.DBTX, sql string, args ...any) (T, error) {
	rows, err := db.Query(ctx, sql, args...)
	if err != nil {
		var zero T
		return zero, err
	}
	v, err := pgx.CollectOneRow(rows, pgx.RowToStructByName[T])
	if errors.Is(err, pgx.ErrNoRows) {
		return v, queries.ErrNotFound
	}
	return v, err
}

// List runs a query and scans every row into T by column name.
func List[T any](ctx context.Context, db queries.DBTX, sql string, args ...any) ([]T, error) {
	rows, err := db.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[T])
}

type insertConfig struct {
	conflictTarget []string
	conflictWhere  string
	doNothing      bool
}

// InsertOption customises Insert.
type InsertOption func(*insertConfig)

// OnConflictDoNothing makes Insert skip rows that conflict on the given columns.
func OnConflictDoNothing(cols ...string) InsertOption {
	return func(c *insertConfig) {
		c.conflictTarget = cols
		c.doNothing = true
	}
}

// ConflictWhere adds the predicate of a partial unique index to the conflict target.
func ConflictWhere(pred string) InsertOption {
	return func(c *insertConfig) { c.conflictWhere = pred }
}

// Insert writes row into its table, using the struct's `db` tags as column
// names. It reports whether a row was written (false only when a conflict
// option skipped it).
func Insert[T Table](ctx context.Context, db queries.DBTX, row T, opts ...InsertOption) (bool, error) {
	var cfg insertConfig
	for _, o := range opts {
		o(&cfg)
	}
	meta := metaFor(reflect.TypeOf(row))
	vals := make([]any, len(meta.fields))
	rv := reflect.ValueOf(row)
	for i, idx := range meta.fields {
		vals[i] = rv.Field(idx).Interface()
	}

	var sb strings.Builder
	fmt.Fprintf(&sb, "INSERT INTO %s (%s) VALUES (%s)",
		row.TableName(), strings.Join(meta.columns, ", "), meta.placeholders)
	if cfg.doNothing {
		sb.WriteString(" ON CONFLICT")
		if len(cfg.conflictTarget) > 0 {
			fmt.Fprintf(&sb, " (%s)", strings.Join(cfg.conflictTarget, ", "))
			if cfg.conflictWhere != "" {
				fmt.Fprintf(&sb, " WHERE %s", cfg.conflictWhere)
			}
		}
		sb.WriteString(" DO NOTHING")
	}

	tag, err := db.Exec(ctx, sb.String(), vals...)
	if err != nil {
		return false, fmt.Errorf("insert %s: %w", row.TableName(), err)
	}
	return tag.RowsAffected() == 1, nil
}

// IsUniqueViolation reports whether err is a unique_violation from Postgres.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

type rowMeta struct {
	columns      []string
	fields       []int
	placeholders string
}

var metaCache sync.Map // reflect.Type -> *rowMeta

func metaFor(t reflect.Type) *rowMeta {
	if m, ok := metaCache.Load(t); ok {
		return m.(*rowMeta)
	}
	m := &rowMeta{}
	ph := make([]string, 0, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		tag := t.Field(i).Tag.Get("db")
		if tag == "" || tag == "-" {
			continue
		}
		m.columns = append(m.columns, tag)
		m.fields = append(m.fields, i)
		ph = append(ph, fmt.Sprintf("$%d", len(m.columns)))
	}
	m.placeholders = strings.Join(ph, ", ")
	metaCache.Store(t, m)
	return m
}
