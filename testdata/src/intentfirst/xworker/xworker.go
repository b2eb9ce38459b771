package xworker

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"intentfirst/xcarrier"
)

var db *sql.DB

// The article's broken self-check, with the carrier client in its own package.
func ship(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	b, err := xcarrier.Book(ctx, orderID, "addr") // want `a crash after the HTTP request in xcarrier.Book and before its outcome is written back.*asynq handler ship`
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE order_id = $2", b.TrackingNumber, orderID)
	return err
}

// The recommended version: the shipment row with the order ID committed first.
func shipRecorded(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	if _, err := db.ExecContext(ctx, "INSERT INTO shipments (order_id) VALUES ($1) ON CONFLICT DO NOTHING", orderID); err != nil {
		return err
	}
	b, err := xcarrier.Book(ctx, orderID, "addr")
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE order_id = $2", b.TrackingNumber, orderID)
	return err
}

// The same through the client's own retry wrapper.
func shipRetrying(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	b, err := xcarrier.BookRetrying(ctx, orderID, "addr") // want `a crash after the HTTP request in xcarrier.BookRetrying and before its outcome is written back.*asynq handler shipRetrying`
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE order_id = $2", b.TrackingNumber, orderID)
	return err
}
