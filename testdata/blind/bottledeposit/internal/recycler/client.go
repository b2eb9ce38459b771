// Package recycler is a client for the recycler partners' portal: monthly
// material reports and bag pickups.
//
// Partner API notes:
//   - PUT /v1/reports/{report_ref} stores (or replaces) the report under the
//     reference we choose.
//   - POST /v1/pickups books a truck; the partner returns the existing
//     booking when it has already seen the request's booking_ref.
package recycler

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/pantloop/deposit/internal/httpx"
)

type MaterialTotal struct {
	Material    string `json:"material"`
	Units       int64  `json:"units"`
	WeightGrams int64  `json:"weight_grams"`
}

type Report struct {
	Account     string          `json:"account"`
	PeriodStart string          `json:"period_start"`
	PeriodEnd   string          `json:"period_end"`
	Totals      []MaterialTotal `json:"totals"`
}

type Receipt struct {
	ReportRef string    `json:"report_ref"`
	Receipt   string    `json:"receipt"`
	StoredAt  time.Time `json:"stored_at"`
}

type PickupRequest struct {
	BookingRef  string `json:"booking_ref"`
	Account     string `json:"account"`
	SiteRef     string `json:"site_ref"`
	Bags        int64  `json:"bags"`
	WeightGrams int64  `json:"weight_grams"`
	EarliestDay string `json:"earliest_day"`
}

type Pickup struct {
	ID          string    `json:"id"`
	BookingRef  string    `json:"booking_ref"`
	WindowStart time.Time `json:"window_start"`
	WindowEnd   time.Time `json:"window_end"`
}

// Portal is the recycler partner API.
type Portal interface {
	PutReport(ctx context.Context, ref string, r Report) (*Receipt, error)
	BookPickup(ctx context.Context, req PickupRequest) (*Pickup, error)
}

type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

func NewClient(baseURL, apiKey string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, http: &http.Client{Timeout: 30 * time.Second}}
}

func (c *Client) header() http.Header {
	h := http.Header{}
	h.Set("X-Api-Key", c.apiKey)
	return h
}

func (c *Client) PutReport(ctx context.Context, ref string, r Report) (*Receipt, error) {
	var out Receipt
	if err := httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodPut,
		URL:    c.baseURL + "/v1/reports/" + url.PathEscape(ref),
		Header: c.header(),
		Body:   r,
	}, &out); err != nil {
		return nil, fmt.Errorf("recycler: put report %s: %w", ref, err)
	}
	return &out, nil
}

func (c *Client) BookPickup(ctx context.Context, req PickupRequest) (*Pickup, error) {
	var out Pickup
	if err := httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v1/pickups",
		Header: c.header(),
		Body:   req,
	}, &out); err != nil {
		return nil, fmt.Errorf("recycler: book pickup: %w", err)
	}
	return &out, nil
}
