// Package carrier books shipments with a carrier's HTTP API, which takes
// no idempotency key.
package carrier

import (
	"context"
	"encoding/json"
	"net/http"

	"example.com/wiredgorm/app"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Client struct {
	HTTP *http.Client
	DB   *gorm.DB
}

type bookingRequest struct {
	Ref string `gorm:"primaryKey"`
}

// BookRecorded records the request, then books: its own record of the
// operation comes first.
func (c *Client) BookRecorded(ctx context.Context, ref string) (string, error) {
	if err := c.DB.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&bookingRequest{Ref: ref}).Error; err != nil {
		return "", err
	}
	resp, err := http.Post("https://carrier.example/v1/recorded-bookings", "application/json", nil) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.ShipViaRecord\)`
	return bookingID(resp, err)
}

// Rebook books a shipment again, after a cancellation. Its one caller
// first inserts the event under the delivery's ID with no conflict
// handling: a retry fails there and never comes back to the call.
func (c *Client) Rebook(ctx context.Context, ref string) (string, error) {
	resp, err := http.Post("https://carrier.example/v1/rebookings", "application/json", nil)
	return bookingID(resp, err)
}

// Book books a shipment and returns the carrier's booking ID.
func (c *Client) Book(ctx context.Context, ref string) (string, error) {
	resp, err := http.Post("https://carrier.example/v1/bookings", "application/json", nil) // want `a crash after the HTTP POST in carrier.Client.Book and before its outcome is stored leaves no record of it, so the retry calls again: nothing is written before the call, and pg.Events.Create stores its outcome after it \(HTTP handler Handler.Ship\); commit a record of the operation, with its ID in the call's key, before the call` `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Ship\)`
	return bookingID(resp, err)
}

// bookingID reads the booking's ID from the carrier's answer.
func bookingID(resp *http.Response, err error) (string, error) {
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct{ ID string }
	err = json.NewDecoder(resp.Body).Decode(&out)
	return out.ID, err
}

// BookKeyed books with the key the request carries, when it carries one.
func (c *Client) BookKeyed(ctx context.Context, req app.BookRequest) (string, error) {
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://carrier.example/v1/keyed-bookings", nil)
	if err != nil {
		return "", err
	}
	if req.Key != "" {
		hr.Header.Set("Idempotency-Key", req.Key)
	}
	return bookingID(c.HTTP.Do(hr)) // want `a crash after the HTTP request in carrier.Client.BookKeyed and before its outcome is stored leaves no record of it, so the retry calls again: nothing is written before the call, and pg.Events.Create stores its outcome after it \(HTTP handler Handler.ShipKeyed\); commit a record of the operation, with its ID in the call's key, before the call`
}
