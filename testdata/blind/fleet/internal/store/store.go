// Package store implements the sqlx repositories. Every method takes the
// connection to run on (db.Ext), so callers decide whether it runs inside
// one of their transactions.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
)

func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, domain.ErrNotFound)
	}
	return err
}

func affected(res sql.Result) (int64, error) {
	if res == nil {
		return 0, nil
	}
	return res.RowsAffected()
}

// sqlxNamedExec binds a :name query against arg and executes it on q.
func sqlxNamedExec(ctx context.Context, q db.Ext, query string, arg any) (sql.Result, error) {
	bound, args, err := sqlx.Named(query, arg)
	if err != nil {
		return nil, err
	}
	return q.ExecContext(ctx, q.Rebind(bound), args...)
}
