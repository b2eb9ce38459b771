// Package marina talks to the partner marina network's booking API.
package marina

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type Options struct {
	BaseURL  string
	APIKey   string
	RetryMax int
	Timeout  time.Duration
	// UserAgent is sent on every call; the partner asks integrators to
	// identify themselves.
	UserAgent string
}

type Client struct {
	rc   *retryablehttp.Client
	opts Options
}

func NewClient(opts Options) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = opts.RetryMax
	rc.HTTPClient.Timeout = opts.Timeout
	rc.Logger = nil
	rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		// The partner sheds load with 429 and a Retry-After; honour it, but
		// do not retry 409s, which mean the berth is gone.
		if resp != nil && resp.StatusCode == http.StatusConflict {
			return false, nil
		}
		return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
	}
	if opts.UserAgent == "" {
		opts.UserAgent = "charterhub/1"
	}
	return &Client{rc: rc, opts: opts}
}

var ErrNotFound = errors.New("marina: not found")

type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string { return fmt.Sprintf("marina api: %d: %s", e.Status, e.Body) }

// BerthRequest asks a marina to hold a visitor berth.
//
// The partner deduplicates berth requests on the Idempotency-Key header for
// 48 hours; RequestID is sent as that header.
type BerthRequest struct {
	MarinaCode string    `json:"marina_code"`
	TripRef    string    `json:"trip_ref"`
	BoatName   string    `json:"boat_name"`
	LengthCm   int32     `json:"length_cm"`
	Arrive     time.Time `json:"arrive"`
	Depart     time.Time `json:"depart"`

	RequestID string `json:"-"`
}

type BerthAck struct {
	Reference string `json:"reference"`
	Status    string `json:"status"`
}

func (c *Client) RequestBerth(ctx context.Context, r BerthRequest) (*BerthAck, error) {
	var ack BerthAck
	hdr := http.Header{}
	if r.RequestID != "" {
		hdr.Set("Idempotency-Key", r.RequestID)
	}
	if err := c.call(ctx, http.MethodPost, "/v2/berth-requests", hdr, r, &ack); err != nil {
		return nil, err
	}
	return &ack, nil
}

// ReleaseBerth cancels a berth hold. Releasing a berth that is already
// released answers 404, which callers treat as done.
func (c *Client) ReleaseBerth(ctx context.Context, marinaCode, reference string) error {
	path := "/v2/marinas/" + url.PathEscape(marinaCode) + "/berths/" + url.PathEscape(reference)
	err := c.call(ctx, http.MethodDelete, path, nil, nil, nil)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	return err
}

// FuelOrder books a delivery at the marina's fuel dock. The endpoint fronts
// the dock's till system and takes no idempotency key.
type FuelOrder struct {
	MarinaCode string `json:"marina_code"`
	BerthCode  string `json:"berth_code"`
	TripRef    string `json:"trip_ref"`
	Litres     int32  `json:"litres"`
	FuelType   string `json:"fuel_type"`
}

type FuelAck struct {
	OrderRef   string `json:"order_ref"`
	PriceCents int64  `json:"price_cents"`
}

func (c *Client) OrderFuel(ctx context.Context, o FuelOrder) (*FuelAck, error) {
	var ack FuelAck
	if err := c.call(ctx, http.MethodPost, "/v2/fuel-orders", nil, o, &ack); err != nil {
		return nil, err
	}
	return &ack, nil
}

func (c *Client) call(ctx context.Context, method, path string, hdr http.Header, in, out any) error {
	var body io.Reader
	if in != nil {
		raw, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(raw)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.opts.BaseURL+path, body)
	if err != nil {
		return err
	}
	for k, vs := range hdr {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("X-Api-Key", c.opts.APIKey)
	req.Header.Set("User-Agent", c.opts.UserAgent)
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}

	resp, err := c.rc.Do(req)
	if err != nil {
		return fmt.Errorf("marina %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return ErrNotFound
	case resp.StatusCode >= 300:
		return &APIError{Status: resp.StatusCode, Body: string(raw)}
	case out == nil || len(raw) == 0:
		return nil
	}
	return json.Unmarshal(raw, out)
}
