// Package store implements the gate's service on PostgreSQL.
package store

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"example.com/wiredawait/gate"
)

// Yard is the yard's tables.
type Yard struct{ DB *sql.DB }

// Arrive records the arrival under an ID made per delivery.
func (y *Yard) Arrive(ctx context.Context, ev gate.Arrival) error {
	_, err := y.DB.ExecContext(ctx, "INSERT INTO arrivals (id, container_no) VALUES ($1, $2)", uuid.NewString(), ev.ContainerNo) // want `a retry inserts a second arrivals row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Consumer.Run, through dispatch.Dispatcher handler func literal in NewDispatcher\)`
	return err
}

// Depart marks the container gone and frees its block's place, each
// write committed on its own.
func (y *Yard) Depart(ctx context.Context, ev gate.Departure) error {
	if _, err := y.DB.ExecContext(ctx, "UPDATE containers SET status = 'departed' WHERE container_no = $1", ev.ContainerNo); err != nil {
		return err
	}
	_, err := y.DB.ExecContext(ctx, "UPDATE yard_blocks SET occupancy = occupancy - 1 WHERE block = $1", ev.Block) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of yard_blocks \(it computes from the current value\) in store.Yard.Depart is not idempotent \(kafka-go consumer loop Consumer.Run, through dispatch.Dispatcher handler func literal in NewDispatcher\)`
	return err
}
