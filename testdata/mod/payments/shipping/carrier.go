// Package shipping books carrier collections for paid orders. A kafka-go
// consumer reads orders.paid; for each message it records the shipment,
// books a collection with the carrier's HTTP API and stores the tracking
// number the carrier returns. The consumer commits the offset after the
// message is handled, so a crash in between redelivers it: every loop body
// here is a retried root.
//
// This is the article's self-check: the versions in booking.go are the
// broken ones, collections.go holds the one it recommends and a variant
// that commits the intent in a transaction before the call.
package shipping

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// OrderPaid is the orders.paid event.
type OrderPaid struct {
	OrderID string  `json:"order_id"`
	Address Address `json:"address"`
	Parcels int     `json:"parcels"`
}

// Address is a collection address.
type Address struct {
	Name     string `json:"name"`
	Line1    string `json:"line1"`
	City     string `json:"city"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
}

// collectionRequest is the carrier's booking request body.
type collectionRequest struct {
	Reference string  `json:"reference"`
	Address   Address `json:"address"`
	Parcels   int     `json:"parcels"`
}

// collectionResponse is the carrier's booking response.
type collectionResponse struct {
	BookingID      string `json:"booking_id"`
	TrackingNumber string `json:"tracking_number"`
}

// Worker consumes orders.paid and books collections.
type Worker struct {
	Reader     *kafka.Reader
	Pool       *pgxpool.Pool
	HTTP       *http.Client
	Retrying   *retryablehttp.Client
	CarrierURL string // e.g. https://api.carrier.example
}

func collectionBody(ev OrderPaid) (io.Reader, error) {
	body, err := json.Marshal(collectionRequest{Reference: ev.OrderID, Address: ev.Address, Parcels: ev.Parcels})
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(body), nil
}

func decodeCollection(resp *http.Response) (collectionResponse, error) {
	defer resp.Body.Close()
	var out collectionResponse
	err := json.NewDecoder(resp.Body).Decode(&out)
	return out, err
}
