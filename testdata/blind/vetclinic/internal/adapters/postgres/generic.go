package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/lib/pq"

	"github.com/pawpath/vetclinic/internal/errs"
)

// one loads a single row into T.
func one[T any](ctx context.Context, q querier, op errs.Op, query string, args ...any) (T, error) {
	var v T
	if err := q.GetContext(ctx, &v, query, args...); err != nil {
		return v, notFound(op, err)
	}
	return v, nil
}

// many loads all rows into a []T.
func many[T any](ctx context.Context, q querier, op errs.Op, query string, args ...any) ([]T, error) {
	var v []T
	if err := q.SelectContext(ctx, &v, query, args...); err != nil {
		return nil, errs.E(op, errs.Internal, err)
	}
	return v, nil
}

// exec runs a statement and returns the number of affected rows.
func exec(ctx context.Context, q querier, op errs.Op, query string, args ...any) (int64, error) {
	res, err := q.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, mapPQ(op, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, errs.E(op, errs.Internal, err)
	}
	return n, nil
}

// Table describes an insertable table for a row type T whose fields carry
// db tags matching cols.
type Table[T any] struct {
	Name string
	Cols []string
	// Conflict is the conflict target used by InsertIgnore, e.g. "(email)".
	Conflict string
}

func (t Table[T]) insertSQL() string {
	named := make([]string, len(t.Cols))
	for i, c := range t.Cols {
		named[i] = ":" + c
	}
	return fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)",
		t.Name, strings.Join(t.Cols, ", "), strings.Join(named, ", "))
}

// Insert writes row.
func (t Table[T]) Insert(ctx context.Context, q querier, op errs.Op, row T) error {
	if _, err := q.NamedExecContext(ctx, t.insertSQL(), row); err != nil {
		return mapPQ(op, err)
	}
	return nil
}

// InsertIgnore writes row unless it collides on t.Conflict; it reports
// whether a row was written.
func (t Table[T]) InsertIgnore(ctx context.Context, q querier, op errs.Op, row T) (bool, error) {
	query := t.insertSQL() + " ON CONFLICT " + t.Conflict + " DO NOTHING"
	res, err := q.NamedExecContext(ctx, query, row)
	if err != nil {
		return false, mapPQ(op, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, errs.E(op, errs.Internal, err)
	}
	return n == 1, nil
}

// InsertMany writes rows one statement at a time.
func (t Table[T]) InsertMany(ctx context.Context, q querier, op errs.Op, rows []T) error {
	for _, r := range rows {
		if err := t.Insert(ctx, q, op, r); err != nil {
			return err
		}
	}
	return nil
}

func mapPQ(op errs.Op, err error) error {
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		switch pqErr.Code {
		case "23505":
			return errs.E(op, errs.Conflict, pqErr.Constraint, err)
		case "23503", "23514":
			return errs.E(op, errs.Invalid, pqErr.Constraint, err)
		case "40001", "40P01":
			return errs.E(op, errs.Unavailable, err)
		}
	}
	return errs.E(op, errs.Internal, err)
}
