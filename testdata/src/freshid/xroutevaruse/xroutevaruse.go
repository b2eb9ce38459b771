// Package xroutevaruse handles the messages a consumer of another
// package routes to it.
package xroutevaruse

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"

	"freshid/xroutevar"
)

// Handlers handle messages.
type Handlers struct{ DB *sql.DB }

// Routes is the consumer's table.
func (h *Handlers) Routes() []xroutevar.Route {
	return []xroutevar.Route{
		{Topic: "orders", Handler: h.Order},
		{Topic: "orders-keyed", Handler: h.OrderKeyed},
	}
}

// Order records an order under a new ID on each delivery.
func (h *Handlers) Order(ctx context.Context, m kafka.Message) error {
	_, err := h.DB.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", uuid.NewString(), 1) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt`
	return err
}

// Negative: the message's key is the order's ID.
func (h *Handlers) OrderKeyed(ctx context.Context, m kafka.Message) error {
	_, err := h.DB.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", string(m.Key), 1)
	return err
}
