// Package retailer is the client for partner retailers' order APIs. All
// partners implement the same "Registry Partner API v2" contract:
//
//	POST /v2/orders            place an order (Idempotency-Key header and
//	                           partner_order_ref; a repeated ref returns the
//	                           original order with 200 instead of 201)
//	GET  /v2/orders/{id}       order status and tracking
//	GET  /v2/products/{sku}    catalogue lookup
//
// and sign their webhooks with HMAC-SHA256 over the raw body.
package retailer

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

	"github.com/tiedknot/registry/internal/platform/metrics"
	"github.com/tiedknot/registry/internal/platform/retry"
)

// PartnerConfig configures one partner.
type PartnerConfig struct {
	Name          string
	BaseURL       string
	APIKey        string
	WebhookSecret string
}

// Client talks to one partner.
type Client struct {
	name          string
	base          *url.URL
	apiKey        string
	webhookSecret []byte
	http          *http.Client
	policy        retry.Policy
	calls         *metrics.ProviderCalls
}

// NewClient builds a client for one partner.
func NewClient(cfg PartnerConfig, hc *http.Client, calls *metrics.ProviderCalls) (*Client, error) {
	u, err := url.Parse(cfg.BaseURL)
	if err != nil {
		return nil, fmt.Errorf("retailer %s: base url: %w", cfg.Name, err)
	}
	if hc == nil {
		hc = &http.Client{Timeout: 15 * time.Second}
	}
	p := retry.DefaultPolicy
	p.Retryable = isTransient
	return &Client{
		name:          cfg.Name,
		base:          u,
		apiKey:        cfg.APIKey,
		webhookSecret: []byte(cfg.WebhookSecret),
		http:          hc,
		policy:        p,
		calls:         calls,
	}, nil
}

// Name returns the partner's short name ("crateandhome", "nurserynest").
func (c *Client) Name() string { return c.name }

// Address is a shipping address.
type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	Region     string `json:"region"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

// OrderRequest places an order for one SKU shipped to the couple.
type OrderRequest struct {
	PartnerOrderRef string  `json:"partner_order_ref"`
	SKU             string  `json:"sku"`
	Quantity        int     `json:"quantity"`
	ShipTo          Address `json:"ship_to"`
	GiftMessage     string  `json:"gift_message,omitempty"`
	GiftWrap        bool    `json:"gift_wrap"`
	// IdempotencyKey is sent as the Idempotency-Key header. Partners keep
	// keys for at least 7 days.
	IdempotencyKey string `json:"-"`
}

// Order is the partner's view of an order.
type Order struct {
	OrderID        string    `json:"order_id"`
	Status         string    `json:"status"`
	Carrier        string    `json:"carrier"`
	TrackingNumber string    `json:"tracking_number"`
	UpdatedAt      time.Time `json:"updated_at"`
}

// PlaceOrderResult carries the order and whether the partner replayed an
// earlier request.
type PlaceOrderResult struct {
	Order
	HTTPStatus int
	Replayed   bool
}

// PlaceOrder places an order. Transient failures are retried with the same
// idempotency key.
func (c *Client) PlaceOrder(ctx context.Context, req OrderRequest) (PlaceOrderResult, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return PlaceOrderResult{}, err
	}
	res, err := retry.Do(ctx, c.policy, func(ctx context.Context, attempt int) (PlaceOrderResult, error) {
		var out PlaceOrderResult
		status, err := c.do(ctx, http.MethodPost, "/v2/orders", body, req.IdempotencyKey, &out.Order)
		out.HTTPStatus = status
		out.Replayed = status == http.StatusOK
		return out, err
	})
	c.calls.Inc("retailer:"+c.name, "orders.create", err)
	return res, err
}

// Product is a catalogue entry.
type Product struct {
	SKU        string `json:"sku"`
	Name       string `json:"name"`
	PriceCents int64  `json:"price_cents"`
	ImageURL   string `json:"image_url"`
	Available  bool   `json:"available"`
}

// GetProduct looks a SKU up in the partner's catalogue.
func (c *Client) GetProduct(ctx context.Context, sku string) (Product, error) {
	p, err := retry.Do(ctx, c.policy, func(ctx context.Context, _ int) (Product, error) {
		var p Product
		_, err := c.do(ctx, http.MethodGet, "/v2/products/"+url.PathEscape(sku), nil, "", &p)
		return p, err
	})
	c.calls.Inc("retailer:"+c.name, "products.get", err)
	return p, err
}

// APIError is a non-2xx response from a partner.
type APIError struct {
	Partner    string
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("retailer %s: %d %s: %s", e.Partner, e.StatusCode, e.Code, e.Message)
}

// ErrOutOfStock is returned when the partner cannot fill the order.
var ErrOutOfStock = errors.New("retailer: out of stock")

func (c *Client) do(ctx context.Context, method, path string, body []byte, idemKey string, out any) (int, error) {
	u := c.base.JoinPath(path)
	var rdr io.Reader
	if body != nil {
		rdr = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), rdr)
	if err != nil {
		return 0, retry.Permanent(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return resp.StatusCode, err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Partner: c.name, StatusCode: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		if apiErr.Code == "out_of_stock" {
			return resp.StatusCode, retry.Permanent(fmt.Errorf("%w: %s", ErrOutOfStock, apiErr.Message))
		}
		return resp.StatusCode, apiErr
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, retry.Permanent(fmt.Errorf("retailer %s: decode: %w", c.name, err))
		}
	}
	return resp.StatusCode, nil
}

func isTransient(err error) bool {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.StatusCode == http.StatusTooManyRequests || apiErr.StatusCode >= 500
	}
	return !retry.IsPermanent(err)
}
