// Package gensqlc keeps its sqlc-generated queries beside the handler
// that calls them: a finding inside the generated file is reported at
// the handler's call.
package gensqlc

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

var db *sql.DB

func ship(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	return New(db).CreateShipment(ctx, CreateShipmentParams{ID: orderID, Address: "a"}) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into shipments \(sqlc query CreateShipment\) has no conflict handling for the caller-known id \(asynq handler ship\); add ON CONFLICT DO NOTHING and handle the existing row \(in generated Queries.CreateShipment, query.sql.go:22:12\)`
}
