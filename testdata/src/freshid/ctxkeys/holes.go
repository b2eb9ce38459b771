package ctxkeys

import (
	"context"

	"github.com/google/uuid"
	"go.temporal.io/sdk/worker"
)

// PackParcel is an activity that the package also calls itself, with a
// context of no activity: no fix.
func PackParcel(ctx context.Context, id string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO packs (id, ref) VALUES ($1, $2)", uuid.NewString(), id) // want `\(Temporal activity PackParcel\)`
	return err
}

func packNow() error { return PackParcel(context.Background(), "x") }

// LabelParcel replaces its context before the ID is made: no fix.
func LabelParcel(ctx context.Context, id string) error {
	ctx = context.WithoutCancel(context.Background())
	_, err := db.ExecContext(ctx, "INSERT INTO labels (id, ref) VALUES ($1, $2)", uuid.NewString(), id) // want `\(Temporal activity LabelParcel\)`
	return err
}

type store struct{}

// WeighParcel reaches a method that the package may also call through
// an interface, with any context: no fix.
func WeighParcel(ctx context.Context, id string) error {
	return store{}.insertWeight(ctx, id)
}

func (store) insertWeight(ctx context.Context, id string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO weights (id, ref) VALUES ($1, $2)", uuid.NewString(), id) // want `\(Temporal activity WeighParcel\)`
	return err
}

func weighLater() error {
	var w interface {
		insertWeight(context.Context, string) error
	} = store{}
	return w.insertWeight(context.Background(), "x")
}

func registerMore(w worker.Worker) {
	w.RegisterActivity(PackParcel)
	w.RegisterActivity(LabelParcel)
	w.RegisterActivity(WeighParcel)
}
