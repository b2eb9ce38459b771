package shipping

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// Run is the self-check as the article first describes it. The shipment
// row is committed before the booking, but the booking carries no key:
// the carrier cannot tell a redelivery from a new order, and a crash
// before the tracking number is stored books a second collection.
func (w *Worker) Run(ctx context.Context) error {
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
		_, err = w.Pool.Exec(ctx,
			"INSERT INTO shipments (order_id, status) VALUES ($1, 'pending') ON CONFLICT (order_id) DO NOTHING",
			ev.OrderID)
		if err != nil {
			return err
		}
		body, err := collectionBody(ev)
		if err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.CarrierURL+"/v1/collections", body)
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := w.HTTP.Do(req) // finding: IDEM002 IDEM003 fix: m.Topic, m.Partition, m.Offset
		if err != nil {
			return err
		}
		if resp.StatusCode != http.StatusCreated {
			resp.Body.Close()
			return fmt.Errorf("carrier: %s", resp.Status)
		}
		var booking collectionResponse
		err = json.NewDecoder(resp.Body).Decode(&booking)
		resp.Body.Close()
		if err != nil {
			return err
		}
		_, err = w.Pool.Exec(ctx,
			"UPDATE shipments SET tracking_number = $1, status = 'booked' WHERE order_id = $2",
			booking.TrackingNumber, ev.OrderID)
		if err != nil {
			return err
		}
		if err := w.Reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// RunInTx adds the order ID as the Idempotency-Key, but records the
// shipment in a transaction that is still open during the booking: a
// crash rolls the row back with the tracking number, and nothing durable
// says a booking was made under that key.
func (w *Worker) RunInTx(ctx context.Context) error {
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
		if err := w.bookInTx(ctx, ev); err != nil {
			return err
		}
		if err := w.Reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func (w *Worker) bookInTx(ctx context.Context, ev OrderPaid) error {
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	_, err = tx.Exec(ctx,
		"INSERT INTO shipments (order_id, status) VALUES ($1, 'pending') ON CONFLICT (order_id) DO NOTHING",
		ev.OrderID)
	if err != nil {
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
	resp, err := w.Retrying.Do(req) // finding: IDEM003
	if err != nil {
		return err
	}
	booking, err := decodeCollection(resp)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx,
		"UPDATE shipments SET tracking_number = $1, status = 'booked' WHERE order_id = $2",
		booking.TrackingNumber, ev.OrderID)
	if err != nil {
		return err
	}
	return tx.Commit(ctx)
}
