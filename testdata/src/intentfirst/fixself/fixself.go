// Package fixself is the article's self-check, to which the fix applies
// the article's answer: the order ID, committed with the shipment row
// before the call, becomes the carrier's idempotency key.
package fixself

import (
	"context"

	"example.com/carrierpb"
	"github.com/jackc/pgx/v5/pgxpool"
	kafka "github.com/segmentio/kafka-go"
)

var (
	pool    *pgxpool.Pool
	carrier carrierpb.ShippingServiceClient
)

func consume(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		orderID := string(m.Key)
		pool.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1) ON CONFLICT DO NOTHING", orderID)
		b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{OrderId: orderID}) // want `gRPC BookCollection`
		if err != nil {
			continue
		}
		pool.Exec(ctx, "UPDATE shipments SET tracking_number = $1 WHERE order_id = $2", b.TrackingNumber, orderID)
		r.CommitMessages(ctx, m)
	}
}
