// Package carrierapi implements app.Shipper over the carrier's HTTP API;
// its post helper sends a key only when given one.
package carrierapi

import (
	"context"
	"net/http"

	"example.com/wiredtx/app"

	"github.com/hashicorp/go-retryablehttp"
)

type Client struct{ URL string }

// Pickup books a pickup, with no key.
func (c Client) Pickup(ctx context.Context, id string) error {
	return c.post(ctx, "/pickups", "") // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Pickup\)`
}

// Ship passes the caller's key on.
func (c Client) Ship(ctx context.Context, key string) error {
	return c.post(ctx, "/shipments", key)
}

func (c Client) post(ctx context.Context, path, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL+path, nil)
	if err != nil {
		return err
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Book books a truck through a client that retries the POST itself,
// with the request's key when it has one.
func (c Client) Book(ctx context.Context, br app.BookRequest) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.URL+"/bookings/"+br.ID, nil)
	if err != nil {
		return err
	}
	if br.Key != "" {
		req.Header.Set("Idempotency-Key", br.Key)
	}
	resp, err := retryablehttp.NewClient().Do(req) // want `a retry repeats the retried HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.ClaimThenBook\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
