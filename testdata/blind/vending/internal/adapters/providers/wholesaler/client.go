// Package wholesaler is a client for the CashCarry Wholesale ordering API,
// from which restock deliveries to our sites are ordered.
//
// CashCarry deduplicates orders by the client_order_ref field: submitting an
// order whose client_order_ref was already used on the account in the last
// 30 days returns the original order (HTTP 200 with "duplicate": true)
// instead of creating a new one. Orders without a reference are always
// created.
package wholesaler

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/vendgrid/fleetops/internal/app"
)

type Client struct {
	baseURL   string
	apiKey    string
	accountID string
	http      *http.Client
	now       func() time.Time
}

type Option func(*Client)

func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

func WithAccount(id string) Option { return func(c *Client) { c.accountID = id } }

func WithClock(now func() time.Time) Option { return func(c *Client) { c.now = now } }

func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL: baseURL,
		apiKey:  apiKey,
		http:    &http.Client{Timeout: 20 * time.Second},
		now:     time.Now,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

var _ app.Wholesaler = (*Client)(nil)

type orderLine struct {
	SKU       string `json:"sku,omitempty"`
	ProductID string `json:"buyer_item_id"`
	Quantity  int    `json:"qty"`
}

type orderRequest struct {
	Account        string      `json:"account"`
	ClientOrderRef string      `json:"client_order_ref,omitempty"`
	DeliverTo      string      `json:"deliver_to_site"`
	Lines          []orderLine `json:"lines"`
	Notes          string      `json:"notes,omitempty"`
}

type orderResponse struct {
	OrderNumber  string   `json:"order_number"`
	DeliveryDate string   `json:"delivery_date"`
	Duplicate    bool     `json:"duplicate"`
	Rejected     []string `json:"rejected_skus"`
}

// SubmitOrder places an order for delivery to a site.
func (c *Client) SubmitOrder(ctx context.Context, o app.SupplierOrder) (app.SupplierAck, error) {
	req := orderRequest{
		Account:        c.accountID,
		ClientOrderRef: o.ClientRef,
		DeliverTo:      o.SiteCode,
		Notes:          o.Notes,
	}
	for _, l := range o.Lines {
		req.Lines = append(req.Lines, orderLine{SKU: l.SKU, ProductID: l.ProductID, Quantity: l.Quantity})
	}
	body, err := json.Marshal(req)
	if err != nil {
		return app.SupplierAck{}, err
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v3/orders", bytes.NewReader(body))
	if err != nil {
		return app.SupplierAck{}, err
	}
	hreq.Header.Set("X-Api-Key", c.apiKey)
	hreq.Header.Set("Content-Type", "application/json")

	resp, err := c.http.Do(hreq)
	if err != nil {
		return app.SupplierAck{}, fmt.Errorf("wholesaler: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	switch {
	case resp.StatusCode == http.StatusUnprocessableEntity:
		return app.SupplierAck{}, &app.ProviderRejection{Provider: "wholesaler", Code: "unprocessable", Message: string(raw)}
	case resp.StatusCode >= 300:
		return app.SupplierAck{}, fmt.Errorf("wholesaler: status %d: %s", resp.StatusCode, raw)
	}
	var out orderResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		return app.SupplierAck{}, fmt.Errorf("wholesaler: decode: %w", err)
	}
	ack := app.SupplierAck{OrderID: out.OrderNumber, RejectedLines: out.Rejected}
	if d, err := time.Parse("2006-01-02", out.DeliveryDate); err == nil {
		ack.DeliveryDate = d
	} else {
		ack.DeliveryDate = c.now().AddDate(0, 0, 2)
	}
	return ack, nil
}
