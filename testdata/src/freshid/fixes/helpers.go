package fixes

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// newHoldID makes a hold's ID; a task that calls it once has the key
// where it calls it.
func newHoldID() string {
	return "hold_" + uuid.NewString() // want `a retry inserts a second holds row with a new hold_id: uuid.NewString\(\) is fresh on every attempt \(asynq handler holdOne\)`
}

// holdOne inserts a hold under the helper's ID: the fix derives the
// value where the helper is called, keeping the helper as the fallback.
func holdOne(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO holds (hold_id, sku, qty) VALUES ($1, $2, $3)", newHoldID(), "sku", 1)
	return err
}

// newLineID is called twice: no one call of it to derive the value at.
func newLineID() string {
	return uuid.NewString() // want `a retry inserts a second holds row with a new hold_id: uuid.NewString\(\) is fresh on every attempt \(asynq handler holdTwo\); derive it from the task's ID, passed down to where it is made`
}

func holdTwo(ctx context.Context, t *asynq.Task) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO holds (hold_id, sku, qty) VALUES ($1, $2, $3)", newLineID(), "sku", 1); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO holds (hold_id, sku, qty) VALUES ($1, $2, $3)", newLineID(), "sku", 1)
	return err
}
