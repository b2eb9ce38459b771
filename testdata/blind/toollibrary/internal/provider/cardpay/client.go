// Package cardpay is a client for the card processor's REST API (v2).
//
// Every mutating endpoint accepts an Idempotency-Key header. The processor
// stores the first completed response for a key for 24 hours and replays it
// for any request with the same key, so a key must identify one logical
// operation. Declines and validation errors are not stored against the key;
// the same key may be used again after the member updates their card.
package cardpay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/hashicorp/go-retryablehttp"
)

// Client talks to the processor.
type Client struct {
	http    *retryablehttp.Client
	baseURL string
	apiKey  string
	account string
}

// Config holds the processor credentials.
type Config struct {
	BaseURL       string
	APIKey        string
	AccountID     string
	WebhookSecret string
}

func New(httpClient *retryablehttp.Client, cfg Config) *Client {
	return &Client{
		http:    httpClient,
		baseURL: strings.TrimRight(cfg.BaseURL, "/"),
		apiKey:  cfg.APIKey,
		account: cfg.AccountID,
	}
}

// APIError is a non-2xx answer from the processor.
type APIError struct {
	Status      int    `json:"-"`
	Code        string `json:"code"`
	Message     string `json:"message"`
	DeclineCode string `json:"decline_code,omitempty"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("cardpay: %d %s: %s", e.Status, e.Code, e.Message)
}

// IsDecline reports whether err is a card decline (not retryable).
func IsDecline(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.Status == http.StatusPaymentRequired
}

// IsConflict reports whether the processor refused the request because the
// object is in a state that does not allow it (e.g. voiding a captured
// authorization).
func IsConflict(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.Status == http.StatusConflict
}

// HoldRequest authorizes an amount on a stored card without capturing it.
type HoldRequest struct {
	CustomerRef    string            `json:"customer"`
	PaymentRef     string            `json:"payment_method"`
	AmountCents    int64             `json:"amount"`
	Currency       string            `json:"currency"`
	Description    string            `json:"description"`
	Metadata       map[string]string `json:"metadata,omitempty"`
	IdempotencyKey string            `json:"-"`
}

type Authorization struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
	ExpiresAt   int64  `json:"expires_at"`
}

// ChargeRequest charges a stored card immediately.
type ChargeRequest struct {
	CustomerRef    string            `json:"customer"`
	PaymentRef     string            `json:"payment_method"`
	AmountCents    int64             `json:"amount"`
	Currency       string            `json:"currency"`
	Description    string            `json:"description"`
	StatementText  string            `json:"statement_descriptor,omitempty"`
	Metadata       map[string]string `json:"metadata,omitempty"`
	IdempotencyKey string            `json:"-"`
}

type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
	Created     int64  `json:"created"`
}

type Capture struct {
	ID              string `json:"id"`
	AuthorizationID string `json:"authorization"`
	AmountCents     int64  `json:"amount"`
	Status          string `json:"status"`
}

type Void struct {
	ID              string `json:"id"`
	AuthorizationID string `json:"authorization"`
	Status          string `json:"status"`
}

// Hold places an authorization hold.
func (c *Client) Hold(ctx context.Context, req HoldRequest) (*Authorization, error) {
	var out Authorization
	if err := c.post(ctx, "/v2/authorizations", req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Capture captures part or all of an authorization.
func (c *Client) Capture(ctx context.Context, authID string, amountCents int64, idempotencyKey string) (*Capture, error) {
	body := map[string]any{"amount": amountCents}
	var out Capture
	path := "/v2/authorizations/" + url.PathEscape(authID) + "/capture"
	if err := c.post(ctx, path, idempotencyKey, body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// VoidHold releases an authorization without capturing it.
func (c *Client) VoidHold(ctx context.Context, authID, reason, idempotencyKey string) (*Void, error) {
	body := map[string]any{"reason": reason}
	var out Void
	path := "/v2/authorizations/" + url.PathEscape(authID) + "/void"
	if err := c.post(ctx, path, idempotencyKey, body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Charge creates an immediate charge.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	var out Charge
	if err := c.post(ctx, "/v2/charges", req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetAuthorization fetches the current state of an authorization.
func (c *Client) GetAuthorization(ctx context.Context, authID string) (*Authorization, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/v2/authorizations/"+url.PathEscape(authID), nil)
	if err != nil {
		return nil, err
	}
	var out Authorization
	if err := c.do(req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) post(ctx context.Context, path, idempotencyKey string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("cardpay: marshal: %w", err)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}
	return c.do(req, out)
}

func (c *Client) do(req *retryablehttp.Request, out any) error {
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Cardpay-Account", c.account)
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("cardpay: %s %s: %w", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("cardpay: read body: %w", err)
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		if jsonErr := json.Unmarshal(raw, apiErr); jsonErr != nil {
			apiErr.Message = string(raw)
		}
		return apiErr
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("cardpay: decode %s: %w", req.URL.Path, err)
	}
	return nil
}
