// Package bank is a client for the bank-transfer partner used to pay claim
// settlements into policyholders' bank accounts.
//
// The partner deduplicates POSTs on the Idempotency-Key header for 7 days:
// a repeated key returns the original transfer instead of creating another.
package bank

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/pawsure/premiums/internal/ids"
	"github.com/pawsure/premiums/internal/retry"
)

type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
	policy  retry.Policy
}

func NewClient(baseURL, apiKey string) *Client {
	return &Client{
		baseURL: baseURL,
		apiKey:  apiKey,
		http:    &http.Client{Timeout: 20 * time.Second},
		policy:  retry.Background,
	}
}

// Request is a builder for a single partner API call.
type Request struct {
	c       *Client
	idemKey string
	body    any
	headers http.Header
}

// NewRequest starts a request builder.
func (c *Client) NewRequest() *Request {
	return &Request{c: c, headers: http.Header{}}
}

// WithIdempotencyKey sets the partner's Idempotency-Key header.
func (r *Request) WithIdempotencyKey(k string) *Request {
	r.idemKey = k
	return r
}

// WithHeader adds an arbitrary header.
func (r *Request) WithHeader(k, v string) *Request {
	r.headers.Add(k, v)
	return r
}

// Body sets the JSON body.
func (r *Request) Body(b any) *Request {
	r.body = b
	return r
}

// APIError is a non-2xx partner response.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Msg    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("bank partner: %d %s: %s", e.Status, e.Code, e.Msg)
}

// Post sends the request to path and decodes the response into out.
// Transient failures are retried with the same headers and body.
func (r *Request) Post(ctx context.Context, path string, out any) error {
	payload, err := json.Marshal(r.body)
	if err != nil {
		return fmt.Errorf("bank: encode body: %w", err)
	}
	return retry.Do(ctx, r.c.policy, func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return retry.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+r.c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		// Trace id is per attempt, for correlating with the partner's logs.
		req.Header.Set("X-Trace-Id", ids.TraceID())
		if r.idemKey != "" {
			req.Header.Set("Idempotency-Key", r.idemKey)
		}
		for k, vs := range r.headers {
			for _, v := range vs {
				req.Header.Add(k, v)
			}
		}
		resp, err := r.c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode >= 300 {
			apiErr := &APIError{Status: resp.StatusCode}
			_ = json.Unmarshal(data, apiErr)
			if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
				return apiErr
			}
			return retry.Permanent(apiErr)
		}
		if out == nil {
			return nil
		}
		if err := json.Unmarshal(data, out); err != nil {
			return retry.Permanent(fmt.Errorf("bank: decode response: %w", err))
		}
		return nil
	})
}

// TransferInput is the body of POST /v2/transfers.
type TransferInput struct {
	AccountToken string            `json:"account_token"`
	AmountMinor  int64             `json:"amount_minor"`
	Currency     string            `json:"currency"`
	Reference    string            `json:"reference"`
	Metadata     map[string]string `json:"metadata,omitempty"`
}

// Transfer is the partner's transfer resource.
type Transfer struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

const TransfersPath = "/v2/transfers"

// VerifySignature checks the partner's webhook HMAC.
func VerifySignature(signingKey string, body []byte, sig string) bool {
	mac := hmac.New(sha256.New, []byte(signingKey))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(sig))
}
