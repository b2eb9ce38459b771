// Package invoicing talks to the accounting platform that issues invoices
// to schools and groups and collects bank transfers against them.
package invoicing

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/summitline/skipass/internal/config"
)

type Line struct {
	Description string `json:"description"`
	Quantity    int    `json:"quantity"`
	UnitCents   int64  `json:"unit_amount"`
}

type Invoice struct {
	CustomerName  string `json:"customer_name"`
	CustomerEmail string `json:"customer_email"`
	Reference     string `json:"reference"`
	Currency      string `json:"currency"`
	DueDate       string `json:"due_date"`
	Lines         []Line `json:"lines"`
	SendEmail     bool   `json:"send_email"`
}

type Issued struct {
	ID      string `json:"id"`
	Number  string `json:"number"`
	Status  string `json:"status"`
	PayURL  string `json:"hosted_url"`
	Balance int64  `json:"amount_due"`
}

type requestOptions struct {
	idempotencyKey string
	dryRun         bool
}

// RequestOption configures one API call.
type RequestOption func(*requestOptions)

// WithIdempotencyKey sets the Idempotency-Key header. The platform replays
// the original response for a repeated key within 24 hours.
func WithIdempotencyKey(k string) RequestOption {
	return func(o *requestOptions) { o.idempotencyKey = k }
}

// DryRun validates the invoice without creating it.
func DryRun() RequestOption {
	return func(o *requestOptions) { o.dryRun = true }
}

type Client struct {
	baseURL string
	token   string
	http    *http.Client
}

func New(cfg config.Config) *Client {
	return &Client{
		baseURL: cfg.InvoicingURL,
		token:   cfg.InvoicingToken,
		http:    &http.Client{Timeout: 20 * time.Second},
	}
}

// CreateInvoice issues (and optionally emails) an invoice.
func (c *Client) CreateInvoice(ctx context.Context, inv Invoice, opts ...RequestOption) (*Issued, error) {
	var o requestOptions
	for _, fn := range opts {
		fn(&o)
	}
	b, err := json.Marshal(inv)
	if err != nil {
		return nil, err
	}
	url := c.baseURL + "/invoices"
	if o.dryRun {
		url += "?dry_run=true"
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Token "+c.token)
	req.Header.Set("Content-Type", "application/json")
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("invoicing: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("invoicing: HTTP %d: %s", resp.StatusCode, raw)
	}
	var out Issued
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("invoicing: decode: %w", err)
	}
	return &out, nil
}
