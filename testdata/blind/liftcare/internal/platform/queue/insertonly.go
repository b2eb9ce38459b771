package queue

import (
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
)

// NewInsertOnly builds an Enqueuer on an insert-only River client (no
// queues, no workers). Services use it in both binaries so that the worker
// binary's executing client can depend on the services without a cycle.
func NewInsertOnly(pool *pgxpool.Pool) (*RiverEnqueuer, error) {
	client, err := river.NewClient[pgx.Tx](riverpgxv5.New(pool), &river.Config{})
	if err != nil {
		return nil, fmt.Errorf("queue: insert-only client: %w", err)
	}
	return NewRiverEnqueuer(client), nil
}
