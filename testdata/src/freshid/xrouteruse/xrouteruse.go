// Package xrouteruse registers its handlers on the program's router.
package xrouteruse

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"

	"freshid/xrouter"
)

type Collections struct{ db *sql.DB }

// Collected stores a collection under an ID made per delivery.
func (c *Collections) Collected(ctx context.Context, m kafka.Message) error {
	_, err := c.db.ExecContext(ctx, "INSERT INTO collections (id, body) VALUES ($1, $2)", uuid.NewString(), string(m.Value)) // want `a retry inserts a second collections row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Collections.Collected\)`
	return err
}

// Register adds the handlers to the router.
func Register(r *xrouter.Router, c *Collections) {
	r.Handle("cash.collected", c.Collected)
}
