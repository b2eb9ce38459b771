package postgres

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx"

	"github.com/velvetchair/salon/internal/core/ports"
)

// sqlxNamedExec binds a struct to a :named query against any querier.
func sqlxNamedExec(ctx context.Context, q ports.Querier, query string, arg any) (sql.Result, error) {
	bound, args, err := sqlx.Named(query, arg)
	if err != nil {
		return nil, err
	}
	return q.ExecContext(ctx, q.Rebind(bound), args...)
}

// namedGet binds a struct to a :named query and scans one row into dest.
func namedGet(ctx context.Context, q ports.Querier, dest any, query string, arg any) error {
	bound, args, err := sqlx.Named(query, arg)
	if err != nil {
		return err
	}
	return q.GetContext(ctx, dest, q.Rebind(bound), args...)
}
