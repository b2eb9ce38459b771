// Package buncase has bun's query builders: each statement on the
// database handle commits by itself; on RunInTx's transaction, or on a
// BeginTx result, they commit together.
package buncase

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"
)

var db *bun.DB

type Reservation struct {
	bun.BaseModel `bun:"table:stock_reservations,alias:r"`

	ID     int64
	Status string
}

type Item struct {
	ID       int64
	Reserved int64
}

// The release and the reservation's status commit one by one.
func release(ctx context.Context, t *asynq.Task) error {
	if _, err := db.NewUpdate().Model((*Item)(nil)).Set("reserved = reserved - ?", 1).Where("id = ?", 7).Exec(ctx); err != nil { // want `2 writes commit separately and the UPDATE of items \(it computes from the current value\) is not idempotent`
		return err
	}
	_, err := db.NewUpdate().Model(&Reservation{ID: 7}).Set("status = ?", "released").WherePK().Exec(ctx)
	return err
}

// Received lines, then the stock they raise.
func receive(ctx context.Context, t *asynq.Task) error {
	lines := []Item{{ID: 1}}
	if _, err := db.NewInsert().Model(&lines).Exec(ctx); err != nil { // want `the INSERT into items is not idempotent`
		return err
	}
	_, err := db.NewUpdate().Model(&Reservation{ID: 7}).Set("status = ?", "received").WherePK().Exec(ctx)
	return err
}

// Negative: one transaction, as RunInTx runs its callback.
func releaseInTx(ctx context.Context, t *asynq.Task) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewUpdate().Model((*Item)(nil)).Set("reserved = reserved - ?", 1).Where("id = ?", 7).Exec(ctx); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Model(&Reservation{ID: 7}).Set("status = ?", "released").WherePK().Exec(ctx)
		return err
	})
}

// Negative: one transaction, begun and committed by hand.
func releaseBegun(ctx context.Context, t *asynq.Task) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.NewUpdate().Model((*Item)(nil)).Set("reserved = reserved - ?", 1).Where("id = ?", 7).Exec(ctx); err != nil {
		return err
	}
	if _, err := tx.NewUpdate().Model(&Reservation{ID: 7}).Set("status = ?", "released").WherePK().Exec(ctx); err != nil {
		return err
	}
	return tx.Commit()
}

// Negative: each write repeats harmlessly: a conflict-tolerant insert and
// a status set to a constant.
func hold(ctx context.Context, t *asynq.Task) error {
	if _, err := db.NewInsert().Model(&Reservation{ID: 7}).On("CONFLICT (id) DO NOTHING").Exec(ctx); err != nil {
		return err
	}
	_, err := db.NewUpdate().Model(&Reservation{ID: 7}).Set("status = ?", "held").WherePK().Exec(ctx)
	return err
}

type Balance struct {
	bun.BaseModel `bun:"table:balances"`

	OwnerID int64 `bun:"owner_id,pk"`
	Cents   int64 `bun:"cents"`
}

// A credit that bun's upsert adds to the balance, then the claim's
// status: a retry after the second fails adds the credit again.
func credit(ctx context.Context, t *asynq.Task) error {
	b := &Balance{OwnerID: 1, Cents: 10}
	if _, err := db.NewInsert().Model(b).On("CONFLICT (owner_id) DO UPDATE").Set("cents = balances.cents + EXCLUDED.cents").Exec(ctx); err != nil { // want `2 writes commit separately and the INSERT into balances \(on a conflict it adds to the current value\) is not idempotent`
		return err
	}
	_, err := db.NewUpdate().Model(&Reservation{ID: 7}).Set("status = ?", "credited").WherePK().Exec(ctx)
	return err
}

// Raw statements: the stock released by one, the reservation's status by
// another, each committing by itself.
func releaseRaw(ctx context.Context, t *asynq.Task) error {
	if _, err := db.NewRaw("UPDATE items SET reserved = GREATEST(reserved - ?, 0) WHERE id = ?", 1, 7).Exec(ctx); err != nil { // want `2 writes commit separately and the UPDATE of items \(it computes from the current value\) is not idempotent`
		return err
	}
	_, err := db.NewRaw("UPDATE stock_reservations SET status = 'released' WHERE id = ?", 7).Exec(ctx)
	return err
}

// Negative: the raw statements of one transaction, on whatever handle
// they are given.
func releaseRawInTx(ctx context.Context, t *asynq.Task) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := releaseOn(ctx, tx, 7); err != nil {
			return err
		}
		_, err := tx.NewRaw("UPDATE stock_reservations SET status = 'released' WHERE id = ?", 7).Exec(ctx)
		return err
	})
}

func releaseOn(ctx context.Context, db bun.IDB, id int64) error {
	_, err := db.NewRaw("UPDATE items SET reserved = GREATEST(reserved - ?, 0) WHERE id = ?", 1, id).Exec(ctx)
	return err
}

// The same helper run in two transactions: the second failing leaves the
// stock released, and the retry releases it again.
func releaseRawTwice(ctx context.Context, t *asynq.Task) error {
	if err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		return releaseOn(ctx, tx, 7) // want `2 writes commit separately and the UPDATE of items \(it computes from the current value\) in buncase.releaseOn is not idempotent`
	}); err != nil {
		return err
	}
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewRaw("UPDATE stock_reservations SET status = 'released' WHERE id = ?", 7).Exec(ctx)
		return err
	})
}
