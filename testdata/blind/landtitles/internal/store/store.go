// Package store holds the MySQL repositories. Every repository that can
// take part in a unit of work reads its querier from the txm.Manager so
// it joins the caller's transaction when there is one.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
)

// getOne loads a single row into a T, mapping no rows to ErrNotFound.
func getOne[T any](ctx context.Context, q txm.Querier, what, query string, args ...any) (*T, error) {
	var v T
	if err := q.GetContext(ctx, &v, query, args...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("%s: %w", what, domain.ErrNotFound)
		}
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return &v, nil
}

// affected returns whether an UPDATE touched at least one row.
func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}
