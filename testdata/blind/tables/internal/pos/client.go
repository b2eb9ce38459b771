// Package pos is a client for the TillPoint POS partner API.
package pos

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/tablewise/reservations/internal/httpx"
)

// Client is the POS partner surface used by the platform.
type Client interface {
	// HoldTable blocks a table in the POS floor plan. The partner creates a
	// new hold for every call.
	HoldTable(ctx context.Context, in HoldRequest) (Hold, error)
	// ReleaseHold removes a hold; releasing an unknown hold is not an error.
	ReleaseHold(ctx context.Context, locationID, holdID string) error
	// PushReservation creates the reservation in the POS. The partner honours
	// an Idempotency-Key header for 24h.
	PushReservation(ctx context.Context, in ReservationPush) (PushResult, error)
	// CancelReservation cancels a POS reservation; cancelling twice is a no-op.
	CancelReservation(ctx context.Context, locationID, posReservationID string) error
}

type HoldRequest struct {
	LocationID string    `json:"-"`
	TableID    string    `json:"-"`
	StartsAt   time.Time `json:"starts_at"`
	Minutes    int       `json:"minutes"`
	Covers     int       `json:"covers"`
	Note       string    `json:"note,omitempty"`
}

type Hold struct {
	HoldID string `json:"hold_id"`
}

type ReservationPush struct {
	LocationID  string    `json:"-"`
	RequestKey  string    `json:"-"`
	ExternalRef string    `json:"external_ref"`
	GuestName   string    `json:"guest_name"`
	GuestPhone  string    `json:"guest_phone,omitempty"`
	Covers      int       `json:"covers"`
	TableID     string    `json:"table_id"`
	StartsAt    time.Time `json:"starts_at"`
	DepositPaid int64     `json:"deposit_paid_cents"`
}

type PushResult struct {
	ReservationID string `json:"reservation_id"`
	Status        string `json:"status"`
}

// HTTPClient implements Client over net/http.
type HTTPClient struct {
	base   string
	apiKey string
	http   *http.Client
}

func NewHTTPClient(base, apiKey string, timeout time.Duration) *HTTPClient {
	return &HTTPClient{base: base, apiKey: apiKey, http: &http.Client{Timeout: timeout}}
}

func (c *HTTPClient) newRequest(ctx context.Context, method, path string, body any) (*http.Request, error) {
	var rdr *bytes.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rdr = bytes.NewReader(b)
	} else {
		rdr = bytes.NewReader(nil)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rdr)
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

func (c *HTTPClient) do(req *http.Request, out any) error {
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if err := httpx.CheckResponse(resp); err != nil {
		return err
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

func (c *HTTPClient) HoldTable(ctx context.Context, in HoldRequest) (Hold, error) {
	path := fmt.Sprintf("/v1/locations/%s/tables/%s/holds", url.PathEscape(in.LocationID), url.PathEscape(in.TableID))
	req, err := c.newRequest(ctx, http.MethodPost, path, in)
	if err != nil {
		return Hold{}, err
	}
	var h Hold
	if err := c.do(req, &h); err != nil {
		return Hold{}, fmt.Errorf("pos: hold table %s: %w", in.TableID, err)
	}
	return h, nil
}

func (c *HTTPClient) ReleaseHold(ctx context.Context, locationID, holdID string) error {
	path := fmt.Sprintf("/v1/locations/%s/holds/%s", url.PathEscape(locationID), url.PathEscape(holdID))
	return retry.Do(func() error {
		req, err := c.newRequest(ctx, http.MethodDelete, path, nil)
		if err != nil {
			return retry.Unrecoverable(err)
		}
		err = c.do(req, nil)
		var se *httpx.StatusError
		if errors.As(err, &se) && se.Status == http.StatusNotFound {
			return nil
		}
		return err
	}, append(httpx.DefaultRetry(3), retry.Context(ctx))...)
}

func (c *HTTPClient) PushReservation(ctx context.Context, in ReservationPush) (PushResult, error) {
	path := fmt.Sprintf("/v1/locations/%s/reservations", url.PathEscape(in.LocationID))
	var out PushResult
	err := retry.Do(func() error {
		req, err := c.newRequest(ctx, http.MethodPost, path, in)
		if err != nil {
			return retry.Unrecoverable(err)
		}
		if in.RequestKey != "" {
			req.Header.Set("Idempotency-Key", in.RequestKey)
		}
		return c.do(req, &out)
	}, append(httpx.DefaultRetry(4), retry.Context(ctx))...)
	if err != nil {
		return PushResult{}, fmt.Errorf("pos: push reservation %s: %w", in.ExternalRef, err)
	}
	return out, nil
}

func (c *HTTPClient) CancelReservation(ctx context.Context, locationID, posReservationID string) error {
	path := fmt.Sprintf("/v1/locations/%s/reservations/%s/cancel", url.PathEscape(locationID), url.PathEscape(posReservationID))
	return retry.Do(func() error {
		req, err := c.newRequest(ctx, http.MethodPost, path, nil)
		if err != nil {
			return retry.Unrecoverable(err)
		}
		return c.do(req, nil)
	}, append(httpx.DefaultRetry(3), retry.Context(ctx))...)
}
