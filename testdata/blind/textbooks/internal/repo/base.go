// Package repo holds the bun repositories. Each repository works against a
// bun.IDB: the pool by default, or a transaction via WithTx or a
// transaction carried in the context (database.Conn).
package repo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/platform/database"
)

type base struct {
	db bun.IDB
}

func (b base) conn(ctx context.Context) bun.IDB {
	return database.Conn(ctx, b.db)
}

func mapErr(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return app.ErrNoRows
	}
	return err
}

// expectOne turns a zero-row conditional update into app.ErrStale.
func expectOne(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return app.ErrStale
	}
	return nil
}

// upsert writes rows keyed by conflictCols, replacing setCols on conflict.
func upsert[T any](ctx context.Context, db bun.IDB, rows []T, conflictCols string, setCols ...string) error {
	if len(rows) == 0 {
		return nil
	}
	q := db.NewInsert().Model(&rows).On(fmt.Sprintf("CONFLICT (%s) DO UPDATE", conflictCols))
	for _, c := range setCols {
		q = q.Set(fmt.Sprintf("%s = EXCLUDED.%s", c, c))
	}
	_, err := q.Exec(ctx)
	return err
}
