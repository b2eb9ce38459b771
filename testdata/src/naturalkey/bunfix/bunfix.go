// Package bunfix inserts bun models under the task's ID on a database of
// the PostgreSQL dialect.
package bunfix

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
)

func open(sqldb *sql.DB) *bun.DB { return bun.NewDB(sqldb, pgdialect.New()) }

var db = open(nil)

type Fee struct {
	bun.BaseModel `bun:"table:fees"`

	ID    string `bun:"id,pk"`
	Cents int64  `bun:"cents"`
}

// assess inserts the fee under the task's ID, with no conflict handling.
func assess(ctx context.Context, t *asynq.Task) error {
	fee := &Fee{ID: t.ResultWriter().TaskID(), Cents: 5}
	_, err := db.NewInsert().Model(fee).Exec(ctx) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into fees has no conflict handling for task ID \(asynq handler assess\) \[IDEM005\]$`
	return err
}

// assessScanned scans the inserted row into dest: a duplicate that
// inserted nothing would fail the Scan, so no fix.
func assessScanned(ctx context.Context, t *asynq.Task) error {
	fee := &Fee{ID: t.ResultWriter().TaskID(), Cents: 5}
	var id string
	_, err := db.NewInsert().Model(fee).Returning("id").Exec(ctx, &id) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into fees has no conflict handling for task ID \(asynq handler assessScanned\); add On\("CONFLICT DO NOTHING"\) to the insert`
	return err
}
