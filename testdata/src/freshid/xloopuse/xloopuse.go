// Package xloopuse hands its handlers to a consumer loop of another
// package.
package xloopuse

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"

	"freshid/xloop"
)

var db *sql.DB

// Remittances records each remittance message.
type Remittances struct{ r *kafka.Reader }

// Run hands the method to the loop.
func (c *Remittances) Run(ctx context.Context) error {
	return xloop.Run(ctx, c.r, c.Handle)
}

// Handle runs once per delivery, and again when it is delivered again.
func (c *Remittances) Handle(ctx context.Context, m kafka.Message) error {
	_, err := db.ExecContext(ctx, "INSERT INTO remittances (id, body) VALUES ($1, $2)", uuid.NewString(), m.Value) // want `a retry inserts a second remittances row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Remittances.Handle\)`
	return err
}

// Negative: a loop that receives nothing calls its function.
func Seed(ctx context.Context) {
	xloop.Each([]string{"a"}, func(s string) {
		db.ExecContext(ctx, "INSERT INTO seeds (id, name) VALUES ($1, $2)", uuid.NewString(), s)
	})
}
