// Package xsqlc writes idempotency keys and their effects through
// sqlc-generated queries and repository helpers of other packages.
package xsqlc

import (
	"context"
	"database/sql"
	"net/http"

	"example.com/ledgerdb"
	"example.com/ordersdb"
	"example.com/ordersrepo"

	"github.com/jackc/pgx/v5/pgxpool"
)

var (
	db      *sql.DB
	pool    *pgxpool.Pool
	queries *ordersdb.Queries
)

// ---- positives ----

// The charge commits in the transaction; the key is written on the pool
// after it.
func chargeThenKey(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	q := ordersdb.New(tx)
	if err := q.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5}); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return ordersdb.New(db).InsertIdempotencyKey(ctx, key) // want `a crash between the two commits leaves the effect without its key, so the retry repeats it: the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a transaction\)`
}

// The key on the pool, then the order on the transaction WithTx gives.
func keyThenOrder(ctx context.Context, key string) error {
	q := ordersdb.New(db)
	if err := q.InsertIdempotencyKey(ctx, key); err != nil { // want `records the key without its effect, so the retry is skipped and the effect lost`
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := q.WithTx(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 5}); err != nil {
		return err
	}
	return tx.Commit()
}

// Check-then-act: the generated lookup runs on the pool, the order in
// the transaction.
func checkThenOrder(ctx context.Context, key string) error {
	q := ordersdb.New(db)
	if _, err := q.GetIdempotencyKey(ctx, key); err == nil { // want `a retry that arrives while the first attempt runs passes the same check and performs the effect twice`
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	qtx := q.WithTx(tx)
	if err := qtx.CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 5}); err != nil {
		return err
	}
	if err := qtx.InsertIdempotencyKey(ctx, key); err != nil {
		return err
	}
	return tx.Commit()
}

// The key in the transaction, the debit in a repository on its own pool.
func keyInTxDebitOnPool(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersdb.New(tx).InsertIdempotencyKey(ctx, key); err != nil { // want `records the key without its effect`
		return err
	}
	if err := (&ordersrepo.Accounts{DB: db}).Debit(ctx, "a", 5); err != nil {
		return err
	}
	return tx.Commit()
}

// A service holding generated queries, built over the transaction for
// the charge and over the pool for the key.
func serviceKeyOnPool(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersrepo.NewService(tx).Charge(ctx, "a", 5); err != nil {
		return err
	}
	if err := ordersrepo.NewService(db).RecordKey(ctx, key); err != nil { // want `leaves the effect without its key`
		return err
	}
	return tx.Commit()
}

// A repository built with a constructor on the pool records the key; the
// order commits in a transaction a helper begins on its own.
func keyThenBooking(ctx context.Context, key string) error {
	if err := ordersrepo.NewStore(db).RecordKey(ctx, key); err != nil { // want `records the key without its effect`
		return err
	}
	return ordersrepo.Book(ctx, db, "12")
}

// A repository of this package built with a composite literal over the
// pool: the key commits apart from the order in the transaction.
type repo struct{ h ordersdb.DBTX }

func (r *repo) recordKey(ctx context.Context, key string) error {
	_, err := r.h.ExecContext(ctx, "INSERT INTO processed_messages (message_id) VALUES ($1)", key)
	return err
}

func literalRepo(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 5}); err != nil {
		return err
	}
	if err := (&repo{h: db}).recordKey(ctx, key); err != nil { // want `leaves the effect without its key`
		return err
	}
	return tx.Commit()
}

// pgx: the processed event on the pool, the entry in the transaction.
func pgxEventOnPool(ctx context.Context, eventID string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := ledgerdb.New(pool)
	if err := q.WithTx(tx).InsertEntry(ctx, ledgerdb.InsertEntryParams{EntryID: eventID, AccountID: 1, Cents: 5}); err != nil {
		return err
	}
	if err := q.InsertProcessedEvent(ctx, eventID); err != nil { // want `leaves the effect without its key`
		return err
	}
	return tx.Commit(ctx)
}

// ---- negatives ----

// Negative: the key and the order on one transaction, through New(tx).
func keyAndOrderInTx(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	q := ordersdb.New(tx)
	if err := q.InsertIdempotencyKey(ctx, key); err != nil {
		return err
	}
	if err := q.CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 5}); err != nil {
		return err
	}
	return tx.Commit()
}

// Negative: WithTx, and a helper that takes the transaction.
func withTxAndHelper(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersdb.New(db).WithTx(tx).InsertIdempotencyKey(ctx, key); err != nil {
		return err
	}
	if err := ordersrepo.InsertLedger(ctx, tx, "a", 5); err != nil {
		return err
	}
	if err := ordersrepo.NewService(tx).Charge(ctx, "a", 5); err != nil {
		return err
	}
	return tx.Commit()
}

// Negative: pgx, one transaction through WithTx.
func pgxInTx(ctx context.Context, eventID string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := ledgerdb.New(pool).WithTx(tx)
	if err := q.InsertProcessedEvent(ctx, eventID); err != nil {
		return err
	}
	if err := q.InsertEntry(ctx, ledgerdb.InsertEntryParams{EntryID: eventID, AccountID: 1, Cents: 5}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Negative: queries built elsewhere (a global) run on a handle of
// unknown kind.
func globalQueries(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 5}); err != nil {
		return err
	}
	if err := queries.InsertIdempotencyKey(ctx, key); err != nil {
		return err
	}
	return tx.Commit()
}

// Negative: the handle depends on a branch.
func maybeTx(ctx context.Context, key string, inTx bool) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	q := ordersdb.New(db)
	if inTx {
		q = q.WithTx(tx)
	}
	if err := q.InsertIdempotencyKey(ctx, key); err != nil {
		return err
	}
	if err := ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 5}); err != nil {
		return err
	}
	return tx.Commit()
}

// Negative: the queries are the caller's to choose.
func callerQueries(ctx context.Context, q *ordersdb.Queries, key string) error {
	if err := q.InsertIdempotencyKey(ctx, key); err != nil {
		return err
	}
	return q.CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 5})
}

// Negative: one helper call writes the key and the effect on the pool it
// is given; the order of the two is the helper's.
func payTwice(ctx context.Context, key string) error {
	return ordersrepo.PayTwice(ctx, db, key)
}

// Negative: handlers registered in one function run apart, each on its
// own request; their statements are not compared with each other there.
type api struct{}

func (api) keyOnPool(w http.ResponseWriter, r *http.Request) {
	ordersdb.New(db).ClaimKey(r.Context(), r.Header.Get("Idempotency-Key"))
}

func (api) orderInTx(w http.ResponseWriter, r *http.Request) {
	tx, err := db.BeginTx(r.Context(), nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	ordersdb.New(tx).CreateOrder(r.Context(), ordersdb.CreateOrderParams{ID: "o", Total: 5})
	tx.Commit()
}

func (a api) routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /keys", a.keyOnPool)
	mux.HandleFunc("POST /orders", a.orderInTx)
	mux.HandleFunc("POST /v2/keys", func(w http.ResponseWriter, r *http.Request) {
		ordersdb.New(db).ClaimKey(r.Context(), r.Header.Get("Idempotency-Key"))
	})
	mux.HandleFunc("POST /v2/orders", func(w http.ResponseWriter, r *http.Request) {
		tx, err := db.BeginTx(r.Context(), nil)
		if err != nil {
			return
		}
		defer tx.Rollback()
		ordersdb.New(tx).CreateOrder(r.Context(), ordersdb.CreateOrderParams{ID: "o", Total: 5})
		tx.Commit()
	})
}
