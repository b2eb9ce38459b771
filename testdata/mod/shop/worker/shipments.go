package worker

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// RegisterShipping registers the shipping job, a closure over the pool,
// whose insert runs in a pgx transaction.
func RegisterShipping(mux *asynq.ServeMux, pool *pgxpool.Pool) {
	mux.Handle("shipment:create", asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx,
				"INSERT INTO shipments (id, order_id) VALUES ($1, $2)",
				uuid.New(), string(t.Payload())) // finding: IDEM001 fix: t.ResultWriter().TaskID()
			return err
		})
	}))
}
