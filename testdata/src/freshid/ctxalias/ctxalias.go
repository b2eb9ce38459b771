// Package ctxalias imports the activity package under another name: a
// fix naming it activity would not compile, so none is offered.
package ctxalias

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	tact "go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"
)

var db *sql.DB

func Ship(ctx context.Context, id string) error {
	tact.RecordHeartbeat(ctx)
	_, err := db.ExecContext(ctx, "INSERT INTO shipments (id, ref) VALUES ($1, $2)", uuid.NewString(), id) // want `\(Temporal activity Ship\)`
	return err
}

func register(w worker.Worker) { w.RegisterActivity(Ship) }
