// Package bureau is the HTTP client for the consumer reporting agency that
// fulfils credit, eviction and criminal background reports.
//
// Orders are deduplicated by the bureau on client_reference: submitting an
// order whose client_reference matches an existing order on the account
// returns that order (HTTP 200 instead of 201) rather than pulling a second
// report.
package bureau

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Client calls the bureau's REST API.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
	// newBackOff builds the retry policy for one logical call; replaced in
	// tests.
	newBackOff func() backoff.BackOff
}

// NewClient builds a bureau client.
func NewClient(baseURL, apiKey string, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 20 * time.Second}
	}
	return &Client{
		baseURL: strings.TrimRight(baseURL, "/"),
		apiKey:  apiKey,
		http:    hc,
		newBackOff: func() backoff.BackOff {
			b := backoff.NewExponentialBackOff()
			b.InitialInterval = 500 * time.Millisecond
			b.MaxInterval = 8 * time.Second
			b.MaxElapsedTime = 45 * time.Second
			return b
		},
	}
}

// Subject identifies the consumer the report is about.
type Subject struct {
	FirstName   string `json:"first_name"`
	LastName    string `json:"last_name"`
	DateOfBirth string `json:"date_of_birth"`
	SSNLast4    string `json:"ssn_last4"`
	Line1       string `json:"address_line1"`
	City        string `json:"address_city"`
	State       string `json:"address_state"`
	Zip         string `json:"address_zip"`
}

// OrderRequest is one report order.
type OrderRequest struct {
	ClientReference    string  `json:"client_reference"`
	Product            string  `json:"product"`
	PermissiblePurpose string  `json:"permissible_purpose"`
	Subject            Subject `json:"subject"`
	CallbackTopic      string  `json:"callback_topic,omitempty"`
}

// OrderAck is the bureau's acceptance of an order.
type OrderAck struct {
	OrderRef  string    `json:"order_ref"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
	// Existing is true when the bureau matched client_reference to an
	// order it already had.
	Existing bool `json:"-"`
}

// APIError is a non-2xx answer from the bureau.
type APIError struct {
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("bureau: %d %s: %s", e.StatusCode, e.Code, e.Message)
}

// Retryable reports whether the failure is worth another attempt.
func (e *APIError) Retryable() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// AttemptFunc observes each HTTP attempt (used for the bureau call log).
type AttemptFunc func(attempt, statusCode int, err error)

// SubmitOrder places a report order, retrying transient failures with
// exponential backoff. Every attempt carries the same client_reference.
func (c *Client) SubmitOrder(ctx context.Context, req OrderRequest, observe AttemptFunc) (OrderAck, error) {
	if req.ClientReference == "" {
		return OrderAck{}, errors.New("bureau: client_reference is required")
	}
	body, err := json.Marshal(req)
	if err != nil {
		return OrderAck{}, err
	}
	var ack OrderAck
	attempt := 0
	op := func() error {
		attempt++
		code, err := c.do(ctx, http.MethodPost, "/v3/orders", body, &ack)
		if observe != nil {
			observe(attempt, code, err)
		}
		if err != nil {
			var apiErr *APIError
			if errors.As(err, &apiErr) && !apiErr.Retryable() {
				return backoff.Permanent(err)
			}
			return err
		}
		ack.Existing = code == http.StatusOK
		return nil
	}
	b := backoff.WithContext(backoff.WithMaxRetries(c.newBackOff(), 5), ctx)
	if err := backoff.Retry(op, b); err != nil {
		return OrderAck{}, err
	}
	return ack, nil
}

// CancelOrder asks the bureau to stop work on an order. Cancelling an order
// that is already cancelled or complete is not an error.
func (c *Client) CancelOrder(ctx context.Context, orderRef string) error {
	op := func() error {
		_, err := c.do(ctx, http.MethodPost, "/v3/orders/"+orderRef+"/cancel", nil, nil)
		var apiErr *APIError
		if errors.As(err, &apiErr) {
			if apiErr.StatusCode == http.StatusConflict {
				return nil
			}
			if !apiErr.Retryable() {
				return backoff.Permanent(err)
			}
		}
		return err
	}
	return backoff.Retry(op, backoff.WithContext(backoff.WithMaxRetries(c.newBackOff(), 3), ctx))
}

func (c *Client) do(ctx context.Context, method, path string, body []byte, out any) (int, error) {
	var rdr io.Reader
	if body != nil {
		rdr = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, rdr)
	if err != nil {
		return 0, backoff.Permanent(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
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
		apiErr := &APIError{StatusCode: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return resp.StatusCode, apiErr
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, backoff.Permanent(fmt.Errorf("bureau: decode: %w", err))
		}
	}
	return resp.StatusCode, nil
}
