package xsqlcfix

import (
	"context"
	"database/sql"

	"example.com/ordersdb"
)

var db *sql.DB

// Statements of this function: the fix runs the key on the transaction.
func keyOnPool(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key) // want `the key commits apart`
	return tx.Commit()
}

// The effect runs in a generated query: the key statement is here, but
// the effect's receiver (the queries) is no handle to run it on.
func keyOnPoolOrderInQuery(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 1})
	db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key) // want `the key commits apart`
	return tx.Commit()
}

// The key is written in a generated query: no statement here to move.
func keyInQuery(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	ordersdb.New(db).InsertIdempotencyKey(ctx, key) // want `the key commits apart`
	return tx.Commit()
}

// Check-then-act through a generated lookup: no claim to write here.
func checkInQuery(ctx context.Context, key string) error {
	if _, err := ordersdb.New(db).GetIdempotencyKey(ctx, key); err == nil { // want `passes the same check`
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	return tx.Commit()
}

// The effect is written here and in a generated query: the pair of this
// function's statements is reported, with its fix.
func keyOnPoolBothEffects(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 1})
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key) // want `the key commits apart`
	return tx.Commit()
}
