package worker

import (
	"context"
	"database/sql"
	"errors"
	"log"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// Refunds consumes the refunds stream as a member of a consumer group:
// an entry that is not acknowledged (the worker died, the ack was lost)
// is read again, by this consumer or by another after XAUTOCLAIM.
type Refunds struct {
	Redis *redis.Client
	DB    *sql.DB
}

// Run reads and handles entries until ctx is done.
func (r *Refunds) Run(ctx context.Context) error {
	for {
		streams, err := r.Redis.XReadGroup(ctx, &redis.XReadGroupArgs{
			Group: "refunds", Consumer: "worker-1", Streams: []string{"refunds", ">"}, Count: 10,
		}).Result()
		if errors.Is(err, context.Canceled) {
			return err
		}
		if err != nil {
			log.Printf("reading refunds: %v", err)
			continue
		}
		for _, s := range streams {
			for _, msg := range s.Messages {
				orderID, _ := msg.Values["order_id"].(string)
				refundID := uuid.NewString() // finding: IDEM001 fix: msg.ID
				if _, err := r.DB.ExecContext(ctx,
					"INSERT INTO refunds (id, order_id) VALUES ($1, $2)", refundID, orderID); err != nil {
					log.Printf("refund for %s: %v", orderID, err)
					continue
				}
				r.Redis.XAck(ctx, "refunds", "refunds", msg.ID)
			}
		}
	}
}

// Credits records one credit per stream entry, keyed by the entry's ID.
type Credits struct {
	Redis *redis.Client
	DB    *sql.DB
}

// Run reads and handles entries until ctx is done.
func (c *Credits) Run(ctx context.Context) error {
	for {
		streams, err := c.Redis.XReadGroup(ctx, &redis.XReadGroupArgs{
			Group: "credits", Consumer: "worker-1", Streams: []string{"credits", ">"},
		}).Result()
		if err != nil {
			return err
		}
		for _, s := range streams {
			for _, msg := range s.Messages {
				if _, err := c.DB.ExecContext(ctx, // safe: keyed by the stream entry's ID, under ON CONFLICT
					"INSERT INTO credits (entry_id, account_id) VALUES ($1, $2) ON CONFLICT (entry_id) DO NOTHING",
					msg.ID, msg.Values["account_id"]); err != nil {
					return err
				}
				c.Redis.XAck(ctx, "credits", "credits", msg.ID)
			}
		}
	}
}
