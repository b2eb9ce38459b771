// Package xcarrier is a team's own client for a carrier's HTTP API.
package xcarrier

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/avast/retry-go/v4"
)

type Booking struct {
	TrackingNumber string `json:"tracking_number"`
}

// Book books a collection; the carrier deduplicates on the reference.
func Book(ctx context.Context, reference, address string) (*Booking, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", "https://carrier.example/v1/collections", strings.NewReader(address))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", reference)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var b Booking
	if err := json.NewDecoder(resp.Body).Decode(&b); err != nil {
		return nil, err
	}
	return &b, nil
}

// BookRetrying books as Book does, retrying transient failures itself;
// what the attempt that succeeded returns, it returns.
func BookRetrying(ctx context.Context, reference, address string) (*Booking, error) {
	return retry.DoWithData(func() (*Booking, error) {
		req, err := http.NewRequestWithContext(ctx, "POST", "https://carrier.example/v1/collections", strings.NewReader(address))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", reference)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		var b Booking
		if err := json.NewDecoder(resp.Body).Decode(&b); err != nil {
			return nil, err
		}
		return &b, nil
	})
}
