// Package payments is the client for the card and direct-debit provider the
// ministry collects fees through. It speaks the provider's REST API over
// net/http; there is no vendor SDK.
package payments

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/ports"
)

type Client struct {
	baseURL       string
	apiKey        string
	webhookSecret []byte
	http          *http.Client
	now           func() time.Time
}

func NewClient(cfg config.Payments) *Client {
	return &Client{
		baseURL:       strings.TrimRight(cfg.BaseURL, "/"),
		apiKey:        cfg.APIKey,
		webhookSecret: []byte(cfg.WebhookSecret),
		http:          &http.Client{Timeout: cfg.Timeout},
		now:           time.Now,
	}
}

// APIError is a non-2xx answer from the provider.
type APIError struct {
	Status  int
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("payments: %d %s: %s", e.Status, e.Code, e.Message)
}

// Temporary reports whether the request may succeed if sent again.
func (e *APIError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

type chargeResponse struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// CreateCharge charges the customer's stored mandate. When req carries an
// IdempotencyKey the provider replays the first response for that key.
func (c *Client) CreateCharge(ctx context.Context, req ports.ChargeRequest) (*ports.Charge, error) {
	form := url.Values{}
	form.Set("amount", fmt.Sprint(req.AmountMinor))
	form.Set("currency", strings.ToLower(req.Currency))
	form.Set("customer", req.CustomerRef)
	form.Set("description", req.Description)
	for k, v := range req.Metadata {
		form.Set("metadata["+k+"]", v)
	}

	headers := http.Header{}
	if req.IdempotencyKey != "" {
		headers.Set("Idempotency-Key", req.IdempotencyKey)
	}

	var out chargeResponse
	if err := c.post(ctx, "/v1/charges", form, headers, &out); err != nil {
		return nil, err
	}
	return &ports.Charge{ID: out.ID, Status: out.Status}, nil
}

func (c *Client) post(ctx context.Context, path string, form url.Values, headers http.Header, out any) error {
	httpReq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path,
		bytes.NewBufferString(form.Encode()))
	if err != nil {
		return err
	}
	for k, vs := range headers {
		for _, v := range vs {
			httpReq.Header.Add(k, v)
		}
	}
	httpReq.Header.Set("Authorization", "Bearer "+c.apiKey)
	httpReq.Header.Set("Content-Type", "application/x-www-form-urlencoded")

	resp, err := c.http.Do(httpReq)
	if err != nil {
		return fmt.Errorf("payments: %s: %w", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("payments: read %s: %w", path, err)
	}
	if resp.StatusCode/100 != 2 {
		apiErr := &APIError{Status: resp.StatusCode}
		var envelope struct {
			Error *APIError `json:"error"`
		}
		if json.Unmarshal(body, &envelope) == nil && envelope.Error != nil {
			apiErr.Code, apiErr.Message = envelope.Error.Code, envelope.Error.Message
		}
		return apiErr
	}
	return json.Unmarshal(body, out)
}
