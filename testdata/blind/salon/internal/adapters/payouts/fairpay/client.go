// Package fairpay is a client for the Fairpay payouts partner, which pays
// freelance stylists into their connected accounts.
//
// POST /v1/transfers honours X-Idempotency-Key for seven days. The instant
// payouts endpoint is executed synchronously against the card rails and does
// not accept an idempotency key.
package fairpay

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

type Client struct {
	baseURL      string
	clientID     string
	clientSecret string
	httpClient   *http.Client
	platformRef  string
}

type Option func(*Client)

func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.httpClient = h } }

func WithTimeout(d time.Duration) Option { return func(c *Client) { c.httpClient.Timeout = d } }

// WithPlatformRef tags every transfer with the platform's reference.
func WithPlatformRef(ref string) Option { return func(c *Client) { c.platformRef = ref } }

func New(baseURL, clientID, clientSecret string, opts ...Option) *Client {
	c := &Client{
		baseURL:      baseURL,
		clientID:     clientID,
		clientSecret: clientSecret,
		httpClient:   &http.Client{Timeout: 30 * time.Second},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

type Error struct {
	Status  int
	Code    string `json:"error_code"`
	Message string `json:"error_message"`
}

func (e *Error) Error() string { return fmt.Sprintf("fairpay: %d %s: %s", e.Status, e.Code, e.Message) }

type transferBody struct {
	Destination string `json:"destination_account"`
	Amount      int64  `json:"amount_minor"`
	Currency    string `json:"currency"`
	Reference   string `json:"reference"`
	Description string `json:"description,omitempty"`
	Platform    string `json:"platform_ref,omitempty"`
}

type transferResponse struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Fee    int64  `json:"fee_minor"`
}

// CreateTransfer schedules a standard (next business day) transfer.
func (c *Client) CreateTransfer(ctx context.Context, req ports.TransferRequest, opts ...ports.CallOption) (domain.TransferResult, error) {
	o := ports.ApplyCallOptions(opts)
	headers := http.Header{}
	if o.IdempotencyKey != "" {
		headers.Set("X-Idempotency-Key", o.IdempotencyKey)
	}
	var out transferResponse
	if err := c.post(ctx, "/v1/transfers", headers, c.body(req), &out); err != nil {
		return domain.TransferResult{}, err
	}
	return domain.TransferResult{TransferID: out.ID, Status: out.Status, FeeCents: domain.Cents(out.Fee)}, nil
}

// InstantPayout pushes funds to the stylist's debit card within minutes.
func (c *Client) InstantPayout(ctx context.Context, req ports.TransferRequest) (domain.TransferResult, error) {
	var out transferResponse
	if err := c.post(ctx, "/v1/instant-payouts", nil, c.body(req), &out); err != nil {
		return domain.TransferResult{}, err
	}
	return domain.TransferResult{TransferID: out.ID, Status: out.Status, FeeCents: domain.Cents(out.Fee)}, nil
}

func (c *Client) body(req ports.TransferRequest) transferBody {
	currency := req.Currency
	if currency == "" {
		currency = domain.Currency
	}
	return transferBody{
		Destination: req.AccountID,
		Amount:      int64(req.AmountCents),
		Currency:    currency,
		Reference:   req.Reference,
		Description: req.Description,
		Platform:    c.platformRef,
	}
}

func (c *Client) post(ctx context.Context, path string, headers http.Header, in, out any) error {
	payload, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	for k, vs := range headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.SetBasicAuth(c.clientID, c.clientSecret)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return fmt.Errorf("fairpay: POST %s: %w", path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 256<<10))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		e := &Error{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, e)
		return e
	}
	return json.Unmarshal(raw, out)
}
