// Package bunsink stores rows with bun's query builders: a model's
// primary key (bun:",pk", or a field named ID) is its identity.
package bunsink

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"freshid/xbunstore"
)

var db *bun.DB

type Delivery struct {
	bun.BaseModel `bun:"table:webhook_deliveries"`

	Key     string `bun:",pk"`
	EventID string
}

type Shipment struct {
	ID     string
	Status string
}

func deliver(ctx context.Context, t *asynq.Task) error {
	d := &Delivery{Key: uuid.NewString(), EventID: string(t.Payload())} // want `a retry creates a second Delivery with a new Key`
	_, err := db.NewInsert().Model(d).Exec(ctx)
	return err
}

func ship(ctx context.Context, t *asynq.Task) error {
	s := Shipment{ID: uuid.NewString(), Status: "new"} // want `a retry creates a second Shipment with a new ID`
	_, err := db.NewInsert().Model(&s).Exec(ctx)
	return err
}

// Negative: a fresh value in a column that is no identity.
func note(ctx context.Context, t *asynq.Task) error {
	s := Shipment{ID: t.ResultWriter().TaskID(), Status: uuid.NewString()}
	_, err := db.NewInsert().Model(&s).On("CONFLICT (id) DO NOTHING").Exec(ctx)
	return err
}

type Purchase struct {
	bun.BaseModel `bun:"table:label_purchases"`

	ID             string `bun:",pk"`
	IdempotencyKey string
}

// Negative: the conflict clause on the idempotency key absorbs the
// retry, whose fresh ID is then never stored.
func purchase(ctx context.Context, t *asynq.Task) error {
	p := &Purchase{ID: uuid.NewString(), IdempotencyKey: string(t.Payload())}
	_, err := db.NewInsert().Model(p).On("CONFLICT (idempotency_key) DO NOTHING").Exec(ctx)
	return err
}

// A conflict clause on the fresh column itself absorbs nothing.
func purchaseByID(ctx context.Context, t *asynq.Task) error {
	p := &Purchase{ID: uuid.NewString(), IdempotencyKey: string(t.Payload())} // want `a retry creates a second Purchase with a new ID`
	_, err := db.NewInsert().Model(p).On("CONFLICT (id) DO NOTHING").Exec(ctx)
	return err
}

type Endpoint struct {
	bun.BaseModel `bun:"table:endpoints"`

	ID  string `bun:",pk"`
	URL string
}

type Repo[T any] struct{ db *bun.DB }

// InsertIgnore inserts m, ignoring a conflict on the key its caller
// names.
func (r *Repo[T]) InsertIgnore(ctx context.Context, m *T, cols string) error {
	_, err := r.db.NewInsert().Model(m).On("CONFLICT (" + cols + ") DO NOTHING").Exec(ctx)
	return err
}

// Negative: the conflict target is built at run time, and the table's
// other unique key (url, which the schema declares) absorbs the retry,
// whose fresh ID is never stored.
func register(ctx context.Context, t *asynq.Task) error {
	r := &Repo[Endpoint]{db: db}
	return r.InsertIgnore(ctx, &Endpoint{ID: uuid.NewString(), URL: string(t.Payload())}, "url")
}

// With no other unique key, a target built at run time can only be the
// fresh column itself.
func registerPurchase(ctx context.Context, t *asynq.Task) error {
	r := &Repo[Shipment]{db: db}
	return r.InsertIgnore(ctx, &Shipment{ID: uuid.NewString()}, "id") // want `a retry creates a second Shipment with a new ID`
}

// Addon is a stay's add-on, written through a generic store.
type Addon struct {
	bun.BaseModel `bun:"table:stay_addons"`

	ID     string `bun:",pk"`
	StayID string
}

var addons = &xbunstore.Store[Addon]{DB: db}

// A generic store's INSERT of the model writes the type argument's table.
func addAddon(ctx context.Context, t *asynq.Task) error {
	return addons.Insert(ctx, &Addon{ID: uuid.NewString(), StayID: string(t.Payload())}) // want `a retry creates a second Addon with a new ID`
}

// Negative: a conflict clause built at run time may absorb the retry.
func addAddonOnce(ctx context.Context, t *asynq.Task) error {
	return addons.InsertIgnore(ctx, &Addon{ID: uuid.NewString(), StayID: string(t.Payload())}, "stay_id")
}

// Accrual is an order's loyalty accrual; the schema keeps one per order.
type Accrual struct {
	bun.BaseModel `bun:"table:loyalty_accruals"`

	ID      string `bun:",pk"`
	OrderID string
	Points  int
}

// Negative: the model a transaction's callback inserts, built where the
// callback is made, fills the order's unique key: the retry fails there
// without a second row.
func accrue(ctx context.Context, t *asynq.Task) error {
	a := &Accrual{ID: uuid.NewString(), OrderID: string(t.Payload()), Points: 10}
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewInsert().Model(a).Exec(ctx)
		return err
	})
}

// Bonus is a bonus on an order, which the schema does not keep unique.
type Bonus struct {
	bun.BaseModel `bun:"table:loyalty_bonuses"`

	ID      string `bun:",pk"`
	OrderID string
	Points  int
}

// Positive: the same shape, with no other key to fail on.
func award(ctx context.Context, t *asynq.Task) error {
	b := &Bonus{ID: uuid.NewString(), OrderID: string(t.Payload()), Points: 10} // want `a retry creates a second Bonus with a new ID`
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewInsert().Model(b).Exec(ctx)
		return err
	})
}

// Negative: only the first attempt gets past the cancellation, an
// UPDATE whose conditions test the status it sets and whose rows
// affected decide.
func cancelOrder(ctx context.Context, t *asynq.Task) error {
	res, err := db.NewUpdate().Model((*Shipment)(nil)).
		Set("status = ?", "cancelled").
		Where("id = ?", string(t.Payload())).
		Where("status = ?", "open").
		Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	_, err = db.NewInsert().Model(&Bonus{ID: uuid.NewString(), OrderID: string(t.Payload())}).Exec(ctx)
	return err
}

// Positive: the same UPDATE, with no test of the status: every attempt
// gets past it.
func closeOrder(ctx context.Context, t *asynq.Task) error {
	res, err := db.NewUpdate().Model((*Shipment)(nil)).
		Set("status = ?", "closed").
		Where("id = ?", string(t.Payload())).
		Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	_, err = db.NewInsert().Model(&Bonus{ID: uuid.NewString(), OrderID: string(t.Payload())}).Exec(ctx) // want `a retry creates a second Bonus with a new ID`
	return err
}

var queue *asynq.Client

type Batch struct {
	bun.BaseModel `bun:"table:settlement_batches"`

	ID         string `bun:",pk"`
	Wholesaler string
	Day        string
}

// openBatch returns the day's batch: the stored one, its ID included,
// when an earlier run made it.
func openBatch(ctx context.Context, wholesaler, day string) (*Batch, error) {
	b := &Batch{ID: uuid.NewString(), Wholesaler: wholesaler, Day: day}
	err := db.NewInsert().Model(b).
		On("CONFLICT (wholesaler, day) DO UPDATE").
		Set("day = EXCLUDED.day").
		Returning("*").
		Scan(ctx)
	return b, err
}

// openBatchAgain returns the day's batch under the ID it was given: the
// stored row's day, not its ID, comes back.
func openBatchAgain(ctx context.Context, wholesaler, day string) (*Batch, error) {
	b := &Batch{ID: uuid.NewString(), Wholesaler: wholesaler, Day: day} // want `a retry sends a new value as the job's unique ID`
	err := db.NewInsert().Model(b).
		On("CONFLICT (wholesaler, day) DO UPDATE").
		Set("day = EXCLUDED.day").
		Returning("day").
		Scan(ctx)
	return b, err
}

// Negative: the task is named by the stored batch's ID.
func settle(ctx context.Context, t *asynq.Task) error {
	b, err := openBatch(ctx, "w1", string(t.Payload()))
	if err != nil {
		return err
	}
	_, err = queue.EnqueueContext(ctx, asynq.NewTask("pickup", nil), asynq.TaskID("pickup:"+b.ID))
	return err
}

func settleAgain(ctx context.Context, t *asynq.Task) error {
	b, err := openBatchAgain(ctx, "w1", string(t.Payload()))
	if err != nil {
		return err
	}
	_, err = queue.EnqueueContext(ctx, asynq.NewTask("pickup", nil), asynq.TaskID("pickup:"+b.ID))
	return err
}

type Payout struct {
	bun.BaseModel `bun:"table:payouts"`

	ID     string `bun:",pk"`
	Status string
}

// Negative: past a compare-and-set that returns the row it changed,
// which a retry finds changed already.
func payoutPaid(ctx context.Context, t *asynq.Task) error {
	p := new(Payout)
	if err := db.NewUpdate().Model(p).Set("status = 'paid'").Where("id = ?", string(t.Payload())).Where("status = 'in_transit'").Returning("*").Scan(ctx); err != nil {
		return nil
	}
	_, err := db.NewInsert().Model(&Delivery{Key: uuid.NewString(), EventID: p.ID}).Exec(ctx)
	return err
}

// The same update, without the test of the status it sets.
func payoutSettled(ctx context.Context, t *asynq.Task) error {
	p := new(Payout)
	if err := db.NewUpdate().Model(p).Set("status = 'paid'").Where("id = ?", string(t.Payload())).Returning("*").Scan(ctx); err != nil {
		return nil
	}
	_, err := db.NewInsert().Model(&Delivery{Key: uuid.NewString(), EventID: p.ID}).Exec(ctx) // want `a retry creates a second Delivery with a new Key`
	return err
}
