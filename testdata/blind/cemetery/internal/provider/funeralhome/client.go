// Package funeralhome is the client for the Restwell partner network, which
// relays interment bookings to the funeral home handling a service.
package funeralhome

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/hollowpine-memorial/plotkeeper/internal/provider"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider/httpjson"
)

// Options configures Client.
type Options struct {
	BaseURL     string
	APIKey      string
	CemeteryRef string
	Timeout     time.Duration
}

// Client implements provider.FuneralHome.
type Client struct {
	http        *httpjson.Client
	cemeteryRef string
}

// New builds a Client.
func New(opts Options) *Client {
	apiKey := opts.APIKey
	return &Client{
		cemeteryRef: opts.CemeteryRef,
		http: httpjson.New(httpjson.Options{
			BaseURL: opts.BaseURL,
			Timeout: opts.Timeout,
			Authorize: func(r *http.Request) {
				r.Header.Set("Authorization", "Bearer "+apiKey)
			},
		}),
	}
}

// headers builds the per-call headers. The partner keeps Idempotency-Key
// values for 72 hours and replays the first response for a repeated key.
func headers(s provider.CallSettings) http.Header {
	h := http.Header{}
	if s.IdempotencyKey != "" {
		h.Set("Idempotency-Key", s.IdempotencyKey)
	}
	return h
}

func (c *Client) Book(ctx context.Context, req provider.BookingRequest, opts ...provider.CallOption) (provider.Booking, error) {
	s := provider.Apply(opts)
	if req.CemeteryRef == "" {
		req.CemeteryRef = c.cemeteryRef
	}
	var out provider.Booking
	if _, err := c.http.Do(ctx, http.MethodPost, "/bookings", headers(s), req, &out); err != nil {
		return provider.Booking{}, fmt.Errorf("funeralhome: book: %w", err)
	}
	return out, nil
}

func (c *Client) Reschedule(ctx context.Context, bookingRef string, at time.Time, opts ...provider.CallOption) error {
	s := provider.Apply(opts)
	body := map[string]any{"service_at": at.UTC().Format(time.RFC3339)}
	path := "/bookings/" + url.PathEscape(bookingRef) + "/reschedule"
	if _, err := c.http.Do(ctx, http.MethodPost, path, headers(s), body, nil); err != nil {
		return fmt.Errorf("funeralhome: reschedule %s: %w", bookingRef, err)
	}
	return nil
}
