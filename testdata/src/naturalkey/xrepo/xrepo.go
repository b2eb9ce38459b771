// Package xrepo inserts through repository helpers and sqlc queries of
// other packages, which no root of their own packages reaches: the
// finding is at the call here, naming the helper.
package xrepo

import (
	"context"
	"database/sql"
	"errors"

	"example.com/genrepo"
	"example.com/ordersdb"
	"example.com/ordersrepo"
	"example.com/tagrepo"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"
)

var db *sql.DB

type ImportArgs struct{ OrderID string }

func (ImportArgs) Kind() string { return "import" }

type ImportWorker struct {
	river.WorkerDefaults[ImportArgs]
}

// ---- positives ----

// The job's order ID, inserted by a repository of another package.
func (w *ImportWorker) Work(ctx context.Context, job *river.Job[ImportArgs]) error {
	return ordersrepo.NewStore(db).InsertOrder(ctx, job.Args.OrderID, 5) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into orders in Store.InsertOrder \(ordersrepo.go:\d+:\d+\) has no conflict handling for the caller-known id \(river worker ImportWorker.Work\)`
}

// The task's order ID, in the params struct of a generated query: the
// message names the query to change.
func importTask(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	q := ordersdb.New(db)
	return q.CreateOrder(ctx, ordersdb.CreateOrderParams{ID: orderID, Total: 5}) // want `the INSERT into orders in Queries.CreateOrder \(query.sql.go:\d+:\d+\), sqlc query CreateOrder has no conflict handling for the caller-known id \(asynq handler importTask\)`
}

// ---- negatives ----

// A claim of the key in the same transaction guards the insert.
func importClaimed(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	q := ordersdb.New(tx)
	if n, err := q.ClaimKey(ctx, orderID); err != nil || n == 0 {
		return err
	}
	if err := q.CreateOrder(ctx, ordersdb.CreateOrderParams{ID: orderID, Total: 5}); err != nil {
		return err
	}
	return tx.Commit()
}

// The helper takes the unique violation of an earlier attempt.
func importOnce(ctx context.Context, t *asynq.Task) error {
	return ordersrepo.NewStore(db).InsertOrderOnce(ctx, string(t.Payload()), 5)
}

// A fresh ID is freshid's finding, not this check's.
func importFresh(ctx context.Context, t *asynq.Task) error {
	return ordersrepo.NewStore(db).InsertOrder(ctx, uuid.NewString(), 5)
}

// A value the helper is not given as a parameter: nothing to judge here.
func importTotal(ctx context.Context, t *asynq.Task) error {
	return ordersdb.New(db).DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5})
}

// paramsOf builds a generated query's params from the task's order ID.
func paramsOf(orderID string) ordersdb.CreateOrderParams {
	return ordersdb.CreateOrderParams{ID: orderID, Total: 5}
}

// The params come from a helper of this package.
func importViaHelper(ctx context.Context, t *asynq.Task) error {
	return ordersdb.New(db).CreateOrder(ctx, paramsOf(string(t.Payload()))) // want `the INSERT into orders in Queries.CreateOrder \(query.sql.go:\d+:\d+\), sqlc query CreateOrder has no conflict handling for the caller-known id \(asynq handler importViaHelper\)`
}

// The helper fills the ID with a constant: nothing of the caller's.
func importConstant(ctx context.Context, t *asynq.Task) error {
	return ordersdb.New(db).CreateOrder(ctx, paramsOf("fixed"))
}

// The task's order ID, converted by the repository for its driver.
func importWrapped(ctx context.Context, t *asynq.Task) error {
	return ordersrepo.NewStore(db).InsertOrderWrapped(ctx, string(t.Payload()), 5) // want `the INSERT into orders in Store.InsertOrderWrapped \(ordersrepo.go:\d+:\d+\) has no conflict handling for the caller-known id \(asynq handler importWrapped\)`
}

// Negative: the stored ID joins two values.
func importScoped(ctx context.Context, t *asynq.Task) error {
	return ordersrepo.NewStore(db).InsertOrderScoped(ctx, "acme", string(t.Payload()), 5)
}

// The store renames the duplicate to ErrDuplicate, which the handler
// takes.
func invoiceTask(ctx context.Context, t *asynq.Task) error {
	err := ordersrepo.NewStore(db).InsertInvoice(ctx, string(t.Payload()), 5)
	if errors.Is(err, ordersrepo.ErrDuplicate) {
		return nil
	}
	return err
}

// The store renames the duplicate to ErrConflict, which nothing takes:
// the retry fails.
func receiptTask(ctx context.Context, t *asynq.Task) error {
	return ordersrepo.NewStore(db).InsertReceipt(ctx, string(t.Payload()), 5) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into receipts in Store.InsertReceipt`
}

// The task's event ID, inserted by a generic repository of another
// package that formats its INSERT around the row type's table.
func gateTask(ctx context.Context, t *asynq.Task) error {
	r := &genrepo.Repo[genrepo.GateEvent, *genrepo.GateEvent]{DB: db}
	return r.Insert(ctx, &genrepo.GateEvent{ID: string(t.Payload()), Gate: "north"}) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into gate_events in Repo.Insert \(genrepo.go:\d+:\d+\) has no conflict handling for the caller-known id \(asynq handler gateTask\)`
}

// The same repository's insert that skips a row already there.
func gateTaskOnce(ctx context.Context, t *asynq.Task) error {
	r := &genrepo.Repo[genrepo.GateEvent, *genrepo.GateEvent]{DB: db}
	_, err := r.InsertIgnore(ctx, &genrepo.GateEvent{ID: string(t.Payload()), Gate: "north"})
	return err
}

// The task's scan ID, inserted by a generic table whose INSERT a method
// of its own formats.
func scanTask(ctx context.Context, t *asynq.Task) error {
	tb := &genrepo.Table[genrepo.Scan]{DB: db, Name: "scans"}
	return tb.Insert(ctx, &genrepo.Scan{ID: string(t.Payload())}) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into scans in Table.Insert \(genrepo.go:\d+:\d+\) has no conflict handling for the caller-known id \(asynq handler scanTask\)`
}

// A receipt, keyed by the provider's message ID, that a repository of
// another package inserts by reflection on its tags: the finding is at
// the call, which decides the table and columns.
type smsReceipt struct {
	ID     string `db:"id"`
	Status string `db:"status"`
}

func (smsReceipt) TableName() string { return "sms_receipts" }

func smsReceiptTask(ctx context.Context, t *asynq.Task) error {
	return tagrepo.Insert(ctx, db, smsReceipt{ID: string(t.Payload()), Status: "delivered"}) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into sms_receipts in tagrepo.Insert \(tagrepo.go:\d+:\d+\) has no conflict handling`
}

// The same insert with the option that adds the conflict clause.
func smsReceiptTaskOnce(ctx context.Context, t *asynq.Task) error {
	return tagrepo.Insert(ctx, db, smsReceipt{ID: string(t.Payload()), Status: "delivered"}, tagrepo.OnConflictDoNothing("id"))
}
