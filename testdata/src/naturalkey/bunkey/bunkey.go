// Package bunkey inserts bun models under the task's ID: bun's
// NewInsert().Model(&m) is the INSERT of the model's columns.
package bunkey

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"
)

var db *bun.DB

type Fee struct {
	bun.BaseModel `bun:"table:fees"`

	ID    string `bun:"id,pk"`
	Cents int64  `bun:"cents"`
}

// assess inserts the fee under the task's ID, with no conflict handling.
func assess(ctx context.Context, t *asynq.Task) error {
	fee := &Fee{ID: t.ResultWriter().TaskID(), Cents: 5}
	_, err := db.NewInsert().Model(fee).Exec(ctx) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into fees has no conflict handling for task ID \(asynq handler assess\); add On\("CONFLICT DO NOTHING"\) to the insert`
	return err
}

// assessInTx does it in a transaction's callback, which captures the fee.
func assessInTx(ctx context.Context, t *asynq.Task) error {
	fee := &Fee{ID: t.ResultWriter().TaskID(), Cents: 5}
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewInsert().Model(fee).Exec(ctx) // want `a retry inserts the row for the same id again`
		return err
	})
}

// assessOnce absorbs the retry's duplicate.
func assessOnce(ctx context.Context, t *asynq.Task) error {
	fee := &Fee{ID: t.ResultWriter().TaskID(), Cents: 5}
	_, err := db.NewInsert().Model(fee).On("CONFLICT (id) DO NOTHING").Exec(ctx)
	return err
}

// assessIgnoring absorbs the retry's duplicate through a clause whose
// target is chosen at run time.
func assessIgnoring(ctx context.Context, t *asynq.Task) error {
	cols := "id"
	if t.Type() == "fee:batch" {
		cols = "batch_id, id"
	}
	fee := &Fee{ID: t.ResultWriter().TaskID(), Cents: 5}
	_, err := db.NewInsert().Model(fee).On("CONFLICT (" + cols + ") DO NOTHING").Exec(ctx)
	return err
}

// assessRaw writes the row with text of its own, under the task's ID.
func assessRaw(ctx context.Context, t *asynq.Task) error {
	_, err := db.NewRaw("INSERT INTO fees (id, cents) VALUES (?, ?)", t.ResultWriter().TaskID(), 5).Exec(ctx) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into fees has no conflict handling for task ID`
	return err
}

// assessRawOnce: the text absorbs the duplicate.
func assessRawOnce(ctx context.Context, t *asynq.Task) error {
	_, err := db.NewRaw("INSERT INTO fees (id, cents) VALUES (?, ?) ON CONFLICT (id) DO NOTHING", t.ResultWriter().TaskID(), 5).Exec(ctx)
	return err
}
