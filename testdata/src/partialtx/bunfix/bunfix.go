package bunfix

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"
)

var db *bun.DB

type Item struct {
	ID       int64
	Reserved int64
}

type Reservation struct {
	bun.BaseModel `bun:"table:stock_reservations"`

	ID     int64
	Status string
}

// The release and the status run in one transaction after the fix.
func release(ctx context.Context, t *asynq.Task) error {
	if _, err := db.NewUpdate().Model((*Item)(nil)).Set("reserved = reserved - ?", 1).Where("id = ?", 7).Exec(ctx); err != nil { // want `the UPDATE of items \(it computes from the current value\) is not idempotent`
		return err
	}
	if _, err := db.NewUpdate().Model(&Reservation{ID: 7}).Set("status = ?", "released").WherePK().Exec(ctx); err != nil {
		return err
	}
	return nil
}

// Raw statements move onto the transaction as the built ones do.
func releaseRaw(ctx context.Context, t *asynq.Task) error {
	if _, err := db.NewRaw("UPDATE items SET reserved = reserved - ? WHERE id = ?", 1, 7).Exec(ctx); err != nil { // want `the UPDATE of items \(it computes from the current value\) is not idempotent`
		return err
	}
	if _, err := db.NewRaw("UPDATE stock_reservations SET status = 'released' WHERE id = ?", 7).Exec(ctx); err != nil {
		return err
	}
	return nil
}
