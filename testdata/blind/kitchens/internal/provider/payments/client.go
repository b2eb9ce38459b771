// Package payments is a client for the Paylane payments API: card
// authorizations (deposit holds), captures against a hold, voids, direct
// charges, refunds and host payouts.
//
// Every POST accepts an Idempotency-Key header. Paylane stores the first
// response it produced for a key for 24 hours and returns it, without
// repeating the operation, for any later request carrying the same key.
package payments

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/hearthkit/commissary/internal/provider/retry"
)

// Client talks to Paylane over HTTPS.
type Client struct {
	baseURL   string
	apiKey    string
	http      *http.Client
	policy    retry.Policy
	userAgent string
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient overrides the HTTP client (timeouts, transport).
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithRetryPolicy overrides the backoff used for transient failures.
func WithRetryPolicy(p retry.Policy) Option { return func(c *Client) { c.policy = p } }

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

// New builds a Client for the given API base URL and secret key.
func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL:   baseURL,
		apiKey:    apiKey,
		http:      &http.Client{Timeout: 15 * time.Second},
		policy:    retry.DefaultPolicy,
		userAgent: "hearthkit-commissary/1.0",
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// RequestOption configures a single call.
type RequestOption func(*requestOptions)

type requestOptions struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the Idempotency-Key header for the call. The
// same key is sent on every transport-level retry of that call.
func WithIdempotencyKey(key string) RequestOption {
	return func(o *requestOptions) { o.idempotencyKey = key }
}

type apiError struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (c *Client) post(ctx context.Context, path string, body, out any, opts []RequestOption) error {
	var ro requestOptions
	for _, o := range opts {
		o(&ro)
	}
	var payload []byte
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("payments: encode %s: %w", path, err)
		}
		payload = b
	}
	_, err := retry.Do(ctx, c.policy, func() (struct{}, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return struct{}{}, retry.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("User-Agent", c.userAgent)
		if ro.idempotencyKey != "" {
			req.Header.Set("Idempotency-Key", ro.idempotencyKey)
		}
		return struct{}{}, retry.Classify(c.do(req, out))
	})
	return err
}

func (c *Client) do(req *http.Request, out any) error {
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		var ae apiError
		_ = json.Unmarshal(raw, &ae)
		return &retry.StatusError{
			Provider: "paylane",
			Status:   resp.StatusCode,
			Code:     ae.Error.Code,
			Message:  ae.Error.Message,
		}
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return retry.Permanent(fmt.Errorf("payments: decode response: %w", err))
	}
	return nil
}

// SignatureHeader is the header Paylane signs webhook deliveries with.
const SignatureHeader = "Paylane-Signature"

var (
	ErrBadSignature  = errors.New("payments: webhook signature mismatch")
	ErrStaleDelivery = errors.New("payments: webhook timestamp outside tolerance")
)

// VerifySignature checks a "t=<unix>,v1=<hex>" header against the raw body.
func VerifySignature(secret string, body []byte, header string, tolerance time.Duration, now time.Time) error {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	if ts == "" || sig == "" {
		return ErrBadSignature
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return ErrBadSignature
	}
	if d := now.Sub(time.Unix(unix, 0)); d > tolerance || d < -tolerance {
		return ErrStaleDelivery
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(sig)
	if err != nil || !hmac.Equal(want, got) {
		return ErrBadSignature
	}
	return nil
}
