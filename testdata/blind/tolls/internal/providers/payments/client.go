package payments

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/northgate/tolls/internal/config"
	"github.com/northgate/tolls/internal/ids"
)

// Client talks to the gateway over HTTP.
type Client struct {
	baseURL  string
	apiKey   string
	merchant string
	http     *http.Client
}

// NewClient builds a Client from configuration.
func NewClient(cfg *config.Config) *Client {
	return &Client{
		baseURL:  cfg.Gateway.BaseURL,
		apiKey:   cfg.Gateway.APIKey,
		merchant: cfg.Gateway.MerchantAccount,
		http:     &http.Client{Timeout: cfg.Gateway.Timeout},
	}
}

type paymentBody struct {
	MerchantAccount          string         `json:"merchantAccount"`
	Reference                string         `json:"reference"`
	Amount                   Amount         `json:"amount"`
	ShopperReference         string         `json:"shopperReference"`
	ShopperInteraction       string         `json:"shopperInteraction"`
	RecurringProcessingModel string         `json:"recurringProcessingModel"`
	PaymentMethod            map[string]any `json:"paymentMethod"`
	ShopperStatement         string         `json:"shopperStatement,omitempty"`
}

// Charge implements Gateway.
func (c *Client) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*ChargeResult, error) {
	body := paymentBody{
		MerchantAccount:          c.merchant,
		Reference:                req.Reference,
		Amount:                   req.Amount,
		ShopperReference:         req.ShopperReference,
		ShopperInteraction:       "ContAuth",
		RecurringProcessingModel: "UnscheduledCardOnFile",
		PaymentMethod:            map[string]any{"type": "scheme", "storedPaymentMethodId": req.PaymentToken},
		ShopperStatement:         req.Description,
	}
	var out ChargeResult
	if err := c.post(ctx, "/payments", body, &out, applyOptions(opts)); err != nil {
		return nil, err
	}
	return &out, nil
}

// Refund implements Gateway.
func (c *Client) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error) {
	body := map[string]any{
		"merchantAccount": c.merchant,
		"reference":       req.Reference,
		"amount":          req.Amount,
	}
	var out RefundResult
	path := fmt.Sprintf("/payments/%s/refunds", req.PSPReference)
	if err := c.post(ctx, path, body, &out, applyOptions(opts)); err != nil {
		return nil, err
	}
	return &out, nil
}

// Payout implements Gateway.
func (c *Client) Payout(ctx context.Context, req PayoutRequest, opts ...CallOption) (*PayoutResult, error) {
	body := map[string]any{
		"merchantAccount":                  c.merchant,
		"reference":                        req.Reference,
		"amount":                           req.Amount,
		"shopperReference":                 req.ShopperReference,
		"selectedRecurringDetailReference": req.PaymentToken,
	}
	var out PayoutResult
	if err := c.post(ctx, "/payouts", body, &out, applyOptions(opts)); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) post(ctx context.Context, path string, in, out any, o CallOptions) error {
	payload, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("gateway: encode: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-API-Key", c.apiKey)
	// X-Request-Id is for the gateway's support tooling only; it plays no
	// part in deduplication.
	req.Header.Set("X-Request-Id", ids.RequestID())
	if o.IdempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.IdempotencyKey)
	}

	start := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("gateway: %s: %w", path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("gateway: read %s after %s: %w", path, time.Since(start), err)
	}
	if resp.StatusCode/100 != 2 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(data, apiErr)
		return apiErr
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("gateway: decode %s: %w", path, err)
	}
	return nil
}
