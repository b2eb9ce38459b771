// Package partsupplier talks to the PartsDirect ordering API, the
// manufacturer-side distributor we buy controller boards, door operators
// and rope sets from.
//
// PartsDirect de-duplicates order POSTs that carry an Idempotency-Key header for
// 48 hours: a repeated key returns the original order instead of placing a
// new one.
package partsupplier

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/liftwell-systems/liftcare/internal/provider/httpx"
)

const service = "partsdirect"

// Client is safe for concurrent use.
type Client struct {
	http    *retryablehttp.Client
	baseURL string
	apiKey  string
}

// New builds a client that retries connection errors and 5xx answers with
// exponential backoff. The same request (headers included) is replayed on
// each retry.
func New(baseURL, apiKey string, log *slog.Logger) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.RetryWaitMin = 250 * time.Millisecond
	rc.RetryWaitMax = 4 * time.Second
	rc.HTTPClient.Timeout = 15 * time.Second
	rc.Logger = log.With("client", service)
	return &Client{http: rc, baseURL: baseURL, apiKey: apiKey}
}

// PlaceOrderRequest is the body of POST /v2/orders.
type PlaceOrderRequest struct {
	SKU            string `json:"sku"`
	Quantity       int32  `json:"quantity"`
	DeliverTo      string `json:"deliver_to"`
	CustomerRef    string `json:"customer_ref,omitempty"`
	IdempotencyKey string `json:"-"`
}

// Order is PartsDirect's view of an order.
type Order struct {
	Ref          string    `json:"order_ref"`
	Status       string    `json:"status"`
	EstimatedETA time.Time `json:"estimated_eta"`
}

// PlaceOrder creates a supplier order.
func (c *Client) PlaceOrder(ctx context.Context, in PlaceOrderRequest) (Order, error) {
	body, err := json.Marshal(in)
	if err != nil {
		return Order{}, err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v2/orders", body)
	if err != nil {
		return Order{}, err
	}
	c.headers(req)
	if in.IdempotencyKey != "" {
		req.Header.Set("Idempotency-Key", in.IdempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return Order{}, fmt.Errorf("%s: place order: %w", service, err)
	}
	var out Order
	if err := httpx.Decode(service, resp, &out); err != nil {
		return Order{}, err
	}
	return out, nil
}

func (c *Client) headers(req *retryablehttp.Request) {
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
}
