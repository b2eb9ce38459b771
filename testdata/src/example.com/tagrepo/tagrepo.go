// Package tagrepo inserts any row type by reflection on its db tags,
// into the table its TableName method names; an option adds the
// conflict clause.
package tagrepo

import (
	"context"
	"database/sql"
	"fmt"
	"reflect"
	"strings"
)

// Table is a row type stored in one table.
type Table interface {
	TableName() string
}

type insertConfig struct {
	target    []string
	doNothing bool
}

// InsertOption changes how Insert writes.
type InsertOption func(*insertConfig)

// OnConflictDoNothing skips a row that conflicts on cols.
func OnConflictDoNothing(cols ...string) InsertOption {
	return func(c *insertConfig) { c.target, c.doNothing = cols, true }
}

// Insert writes row into its table.
func Insert[T Table](ctx context.Context, db *sql.DB, row T, opts ...InsertOption) error {
	var cfg insertConfig
	for _, o := range opts {
		o(&cfg)
	}
	t := reflect.TypeOf(row)
	rv := reflect.ValueOf(row)
	var cols, marks []string
	var vals []any
	for i := 0; i < t.NumField(); i++ {
		if tag := t.Field(i).Tag.Get("db"); tag != "" {
			cols = append(cols, tag)
			marks = append(marks, fmt.Sprintf("$%d", len(cols)))
			vals = append(vals, rv.Field(i).Interface())
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "INSERT INTO %s (%s) VALUES (%s)", row.TableName(), strings.Join(cols, ", "), strings.Join(marks, ", "))
	if cfg.doNothing {
		sb.WriteString(" ON CONFLICT")
		if len(cfg.target) > 0 {
			fmt.Fprintf(&sb, " (%s)", strings.Join(cfg.target, ", "))
		}
		sb.WriteString(" DO NOTHING")
	}
	_, err := db.ExecContext(ctx, sb.String(), vals...)
	return err
}

// tableOf is the table T's TableName names, read once per type.
func tableOf[T any]() string {
	var zero T
	if t, ok := any(zero).(Table); ok {
		return t.TableName()
	}
	return ""
}

// InsertPtr writes the row row points to into the table tableOf finds
// for its type.
func InsertPtr[T any](ctx context.Context, db *sql.DB, row *T, opts ...InsertOption) error {
	var cfg insertConfig
	for _, o := range opts {
		o(&cfg)
	}
	v := reflect.ValueOf(row).Elem()
	var cols, marks []string
	var vals []any
	for i := 0; i < v.NumField(); i++ {
		if tag := v.Type().Field(i).Tag.Get("db"); tag != "" {
			cols = append(cols, tag)
			marks = append(marks, fmt.Sprintf("$%d", len(cols)))
			vals = append(vals, v.Field(i).Interface())
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "INSERT INTO %s (%s) VALUES (%s)", tableOf[T](), strings.Join(cols, ", "), strings.Join(marks, ", "))
	if cfg.doNothing {
		sb.WriteString(" ON CONFLICT DO NOTHING")
	}
	_, err := db.ExecContext(ctx, sb.String(), vals...)
	return err
}
