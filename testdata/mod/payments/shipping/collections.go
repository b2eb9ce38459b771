package shipping

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
	"github.com/jackc/pgx/v5"
	"github.com/segmentio/kafka-go"
)

// RunRecommended is the self-check as the article recommends it: the
// shipment row, keyed by the order ID, is committed before the booking;
// the booking carries the order ID as its Idempotency-Key; the tracking
// number is written back after it. A redelivered message finds the row,
// and the carrier answers the repeated booking with the first one.
func (w *Worker) RunRecommended(ctx context.Context) error {
	for {
		m, err := w.Reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := w.handle(ctx, m); err != nil {
			return err
		}
		if err := w.Reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func (w *Worker) handle(ctx context.Context, m kafka.Message) error {
	var ev OrderPaid
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		log.Printf("orders.paid offset %d: %v", m.Offset, err)
		return nil
	}
	// 1. The intent, committed: the pool runs the INSERT in its own
	// transaction.
	_, err := w.Pool.Exec(ctx,
		"INSERT INTO shipments (order_id, status) VALUES ($1, 'booking') ON CONFLICT (order_id) DO NOTHING",
		ev.OrderID)
	if err != nil {
		return err
	}
	var tracking *string
	err = w.Pool.QueryRow(ctx, "SELECT tracking_number FROM shipments WHERE order_id = $1", ev.OrderID).Scan(&tracking)
	if err != nil {
		return err
	}
	if tracking != nil {
		return nil // booked by an earlier delivery
	}
	// 2. The call, carrying the operation ID the row holds.
	body, err := collectionBody(ev)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.CarrierURL+"/v1/collections", body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", ev.OrderID)
	resp, err := w.HTTP.Do(req) // safe: the shipments row with the order ID is committed first, and the booking carries the order ID as its key
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return fmt.Errorf("carrier: %s", resp.Status)
	}
	booking, err := decodeCollection(resp)
	if err != nil {
		return err
	}
	// 3. The outcome, written back.
	_, err = w.Pool.Exec(ctx,
		"UPDATE shipments SET tracking_number = $1, booking_id = $2, status = 'booked' WHERE order_id = $3",
		booking.TrackingNumber, booking.BookingID, ev.OrderID)
	return err
}

// RunCommittedTx records the intent in a transaction that it commits
// before the booking, and books through go-retryablehttp with the order
// ID as the key.
func (w *Worker) RunCommittedTx(ctx context.Context) error {
	for {
		m, err := w.Reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var ev OrderPaid
		if err := json.Unmarshal(m.Value, &ev); err != nil {
			log.Printf("orders.paid offset %d: %v", m.Offset, err)
			continue
		}
		tx, err := w.Pool.Begin(ctx)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx,
			"INSERT INTO shipments (order_id, status) VALUES ($1, 'booking') ON CONFLICT (order_id) DO NOTHING",
			ev.OrderID)
		if err != nil {
			_ = tx.Rollback(ctx)
			return err
		}
		_, err = tx.Exec(ctx,
			"INSERT INTO shipment_events (order_id, kind) VALUES ($1, 'booking_requested') ON CONFLICT (order_id, kind) DO NOTHING",
			ev.OrderID)
		if err != nil {
			_ = tx.Rollback(ctx)
			return err
		}
		if err := tx.Commit(ctx); err != nil {
			return err
		}
		payload, err := json.Marshal(collectionRequest{Reference: ev.OrderID, Address: ev.Address, Parcels: ev.Parcels})
		if err != nil {
			return err
		}
		req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, w.CarrierURL+"/v1/collections", payload)
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", ev.OrderID)
		resp, err := w.Retrying.Do(req) // safe: the transaction that stores the order ID is committed before the booking, which carries it
		if err != nil {
			return err
		}
		booking, err := decodeCollection(resp)
		if err != nil {
			return err
		}
		_, err = w.Pool.Exec(ctx,
			"UPDATE shipments SET tracking_number = $1, status = 'booked' WHERE order_id = $2",
			booking.TrackingNumber, ev.OrderID)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if err := w.Reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
