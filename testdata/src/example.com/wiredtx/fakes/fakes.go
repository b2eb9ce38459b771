// Package fakes holds test doubles: not implementations of the
// production program.
package fakes

import (
	"context"
	"database/sql"

	"example.com/wiredtx/app"
	"example.com/wiredtx/uow"
)

type Orders struct{ DB *sql.DB }

func (f *Orders) Insert(ctx context.Context, o app.Order) error {
	f.DB.ExecContext(ctx, "INSERT INTO fake_orders (id) VALUES ($1)", o.ID)
	_, err := f.DB.ExecContext(ctx, "INSERT INTO fake_log (id) VALUES ($1)", o.ID)
	return err
}

func (f *Orders) InsertTx(ctx context.Context, tx *sql.Tx, o app.Order) error { return nil }
func (f *Orders) Upsert(ctx context.Context, o app.Order) error               { return nil }
func (f *Orders) Record(ctx context.Context, o app.Order) error               { return nil }
func (f *Orders) CreateWithKey(ctx context.Context, key string, o app.Order) error {
	return nil
}
func (f *Orders) SetStatus(ctx context.Context, id, status string) error {
	f.DB.ExecContext(ctx, "INSERT INTO fake_log (id) VALUES ($1)", id)
	return nil
}

// Units is the program's unit of work, linked here through this
// package's API (go vet reads a dependency's types from its export
// data, which holds what the API names).
var Units = &uow.Pool{}
