package fixes

import (
	"context"
	"log"

	"github.com/hibiken/asynq"
)

// A tolerated write between two that fail the task: in one transaction
// its failure would abort the others, so no fix.
func moveStock(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "UPDATE stock SET qty = qty - 1 WHERE sku = $1", "a"); err != nil { // want `3 writes commit separately`
		return err
	}
	if _, err := pool.Exec(ctx, "INSERT INTO stock_moves (sku) VALUES ($1)", "a"); err != nil {
		log.Printf("recording the move: %v", err)
	}
	_, err := pool.Exec(ctx, "UPDATE totals SET moved = moved + 1 WHERE sku = $1", "a")
	return err
}
