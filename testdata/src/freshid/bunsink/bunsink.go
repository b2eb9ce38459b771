// Package bunsink stores rows with bun's query builders: a model's
// primary key (bun:",pk", or a field named ID) is its identity.
package bunsink

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"
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
