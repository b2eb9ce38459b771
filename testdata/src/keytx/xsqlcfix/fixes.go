package xsqlcfix

import (
	"context"
	"database/sql"

	"example.com/ledgerdb"
	"example.com/ordersdb"
	"example.com/ordersrepo"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

var (
	db   *sql.DB
	pool *pgxpool.Pool
)

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

// The effect runs in a generated query on the transaction tx: the key
// statement here moves onto tx.
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

// The key is written in a generated query on the pool: the fix builds
// the queries over the transaction.
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

// Both in generated queries: the key's queries are built over the
// transaction.
func keyAndOrderInQueries(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 1}); err != nil {
		return err
	}
	q := ordersdb.New(db)
	if err := q.InsertIdempotencyKey(ctx, key); err != nil { // want `the key commits apart`
		return err
	}
	return tx.Commit()
}

// A service built over the pool records the key: it is built over the
// transaction instead.
func serviceKey(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersrepo.NewService(tx).Charge(ctx, "a", 5); err != nil {
		return err
	}
	if err := ordersrepo.NewService(db).RecordKey(ctx, key); err != nil { // want `the key commits apart`
		return err
	}
	return tx.Commit()
}

// recordKey records a key on the handle its caller gives.
func recordKey(ctx context.Context, h ordersdb.DBTX, key string) error {
	_, err := h.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	return err
}

// A helper given the pool: it is given the transaction instead.
func helperKey(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1); err != nil {
		return err
	}
	if err := recordKey(ctx, db, key); err != nil { // want `the key commits apart`
		return err
	}
	return tx.Commit()
}

// pgx: the transaction satisfies the generated DBTX.
func pgxEvent(ctx context.Context, eventID string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := ledgerdb.New(tx).InsertEntry(ctx, ledgerdb.InsertEntryParams{EntryID: eventID, AccountID: 1, Cents: 5}); err != nil {
		return err
	}
	if err := ledgerdb.New(pool).InsertProcessedEvent(ctx, eventID); err != nil { // want `the key commits apart`
		return err
	}
	return tx.Commit(ctx)
}

// pgx: the key statement of this function moves onto the transaction
// of the generated query.
func pgxOwnKey(ctx context.Context, eventID string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := ledgerdb.New(tx).InsertEntry(ctx, ledgerdb.InsertEntryParams{EntryID: eventID, AccountID: 1, Cents: 5}); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, "INSERT INTO processed_events (event_id) VALUES ($1)", eventID); err != nil { // want `the key commits apart`
		return err
	}
	return tx.Commit(ctx)
}

// ---- no fix ----

// The queries that record the key also mark the order on the pool:
// building them over the transaction would move that write too.
func sharedQueries(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 1}); err != nil {
		return err
	}
	q := ordersdb.New(db)
	if err := q.InsertIdempotencyKey(ctx, key); err != nil { // want `the key commits apart`
		return err
	}
	if err := q.MarkOrderPaid(ctx, "p"); err != nil {
		return err
	}
	return tx.Commit()
}

// pinger is a handle that can also ping: the pool is one, a transaction
// is not.
type pinger interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
	PingContext(context.Context) error
}

func recordKeyPing(ctx context.Context, h pinger, key string) error {
	_, err := h.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	return err
}

// The transaction cannot be passed where the helper wants a pinger.
func notAssignable(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1); err != nil {
		return err
	}
	if err := recordKeyPing(ctx, db, key); err != nil { // want `the key commits apart`
		return err
	}
	return tx.Commit()
}

// The transaction is committed before the key: nothing to run it on.
func committedFirst(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 1}); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return ordersdb.New(db).InsertIdempotencyKey(ctx, key) // want `the key commits apart`
}

// The transaction begins after the queries are built.
func builtBeforeBegin(ctx context.Context, key string) error {
	q := ordersdb.New(db)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 1}); err != nil {
		return err
	}
	if err := q.InsertIdempotencyKey(ctx, key); err != nil { // want `the key commits apart`
		return err
	}
	return tx.Commit()
}

func handle() *sql.DB { return db }

// The pool comes from a call: replacing it would drop the call.
func poolFromCall(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 1}); err != nil {
		return err
	}
	if err := ordersdb.New(handle()).InsertIdempotencyKey(ctx, key); err != nil { // want `the key commits apart`
		return err
	}
	return tx.Commit()
}

// The variable tx holds two transactions in turn: the name does not
// say which one the effect is on.
func txReassigned(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 1}); err != nil {
		return err
	}
	if err := ordersdb.New(db).InsertIdempotencyKey(ctx, key); err != nil { // want `the key commits apart`
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	tx, err = db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	return tx.Rollback()
}

// A repository built with a composite literal: the pool is a field, not
// an argument.
type repo struct{ h ordersdb.DBTX }

func (r *repo) recordKey(ctx context.Context, key string) error {
	_, err := r.h.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	return err
}

func literalRepo(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 1}); err != nil {
		return err
	}
	if err := (&repo{h: db}).recordKey(ctx, key); err != nil { // want `the key commits apart`
		return err
	}
	return tx.Commit()
}

// The transaction is a pgx.BeginFunc callback's: the key runs outside
// it, where it is not in scope.
func beginFunc(ctx context.Context, eventID string) error {
	if err := ledgerdb.New(pool).InsertProcessedEvent(ctx, eventID); err != nil { // want `the key commits apart`
		return err
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		return ledgerdb.New(tx).InsertEntry(ctx, ledgerdb.InsertEntryParams{EntryID: eventID, AccountID: 1, Cents: 5})
	})
}
