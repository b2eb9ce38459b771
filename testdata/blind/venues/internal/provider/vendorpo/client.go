// Package vendorpo submits purchase orders to caterers, decorators and other
// vendors through the VendorLink gateway, which forwards them to each
// vendor's order-intake system.
//
// VendorLink has no idempotency key and no client reference it deduplicates
// on: every accepted POST /purchase-orders is a new order with a new PO
// number. The reference field is free text printed on the order.
package vendorpo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/vowhall/venues/internal/provider/httpx"
)

const provider = "vendorlink"

type Client struct {
	baseURL string
	token   string
	http    *retryablehttp.Client
}

func New(baseURL, token string, logger *slog.Logger) *Client {
	return &Client{
		baseURL: baseURL,
		token:   token,
		http:    newRetryClient(logger),
	}
}

func newRetryClient(logger *slog.Logger) *retryablehttp.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.RetryWaitMin = 250 * time.Millisecond
	rc.RetryWaitMax = 4 * time.Second
	rc.HTTPClient.Timeout = 20 * time.Second
	rc.CheckRetry = retryUnsent
	rc.Logger = logger
	return rc
}

// retryUnsent retries a request only when it never reached the gateway:
// the connection could not be opened. Anything after that may have created
// an order.
func retryUnsent(ctx context.Context, _ *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err == nil {
		return false, nil
	}
	var opErr *net.OpError
	if errors.As(err, &opErr) && opErr.Op == "dial" {
		return true, nil
	}
	return false, nil
}

type Line struct {
	SKU         string `json:"sku"`
	Description string `json:"description"`
	Quantity    int    `json:"quantity"`
	UnitCents   int64  `json:"unit_price"`
}

type PurchaseOrder struct {
	VendorAccount string    `json:"vendor_account"`
	Reference     string    `json:"reference"`
	EventDate     string    `json:"event_date"`
	VenueName     string    `json:"venue_name"`
	GuestCount    int       `json:"guest_count"`
	Lines         []Line    `json:"lines"`
	Currency      string    `json:"currency"`
	DeliverBy     time.Time `json:"deliver_by"`
	Notes         string    `json:"notes,omitempty"`
}

type Ack struct {
	PONumber   string `json:"po_number"`
	Status     string `json:"status"`
	TotalCents int64  `json:"total"`
}

// Submit places a purchase order with the vendor.
func (c *Client) Submit(ctx context.Context, po PurchaseOrder) (*Ack, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/purchase-orders", po)
	if err != nil {
		return nil, err
	}
	c.headers(req)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s: submit: %w", provider, err)
	}
	ack, err := httpx.Decode[Ack](provider, resp)
	if err != nil {
		return nil, err
	}
	return &ack, nil
}

func (c *Client) headers(r *retryablehttp.Request) {
	r.Header.Set("Authorization", "Token "+c.token)
	r.Header.Set("Accept", "application/json")
}
