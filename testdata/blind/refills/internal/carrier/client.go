// Package carrier talks to the shipping carrier's label API.
package carrier

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
	"net/url"
	"time"

	"github.com/avast/retry-go/v4"
)

type Config struct {
	BaseURL  string
	APIKey   string
	Account  string
	Attempts uint
}

type Client struct {
	cfg  Config
	http *http.Client
}

func NewClient(cfg Config) *Client {
	if cfg.Attempts == 0 {
		cfg.Attempts = 4
	}
	return &Client{cfg: cfg, http: &http.Client{Timeout: 20 * time.Second}}
}

func (c *Client) Account() string { return c.cfg.Account }

type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string { return fmt.Sprintf("carrier: HTTP %d: %s", e.Status, e.Body) }

// ErrAlreadyVoided is returned by the API for a second void of a label.
var ErrAlreadyVoided = errors.New("carrier: label already voided")

func retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Status == http.StatusTooManyRequests || se.Status >= 500
	}
	return !errors.Is(err, context.Canceled) && !errors.Is(err, ErrAlreadyVoided)
}

func (c *Client) withRetry(ctx context.Context, fn func() error) error {
	return retry.Do(fn,
		retry.Context(ctx),
		retry.Attempts(c.cfg.Attempts),
		retry.Delay(500*time.Millisecond),
		retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay)),
		retry.MaxJitter(300*time.Millisecond),
		retry.RetryIf(retryable),
		retry.LastErrorOnly(true),
	)
}

func (c *Client) do(ctx context.Context, method, path string, headers map[string]string, in, out any) error {
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.cfg.BaseURL+path, body)
	if err != nil {
		return err
	}
	req.SetBasicAuth(c.cfg.APIKey, "")
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("carrier: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode == http.StatusConflict && bytes.Contains(raw, []byte("already_voided")) {
		return ErrAlreadyVoided
	}
	if resp.StatusCode >= 300 {
		return &StatusError{Status: resp.StatusCode, Body: string(raw)}
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

// CreateLabel buys a label.
func (c *Client) CreateLabel(ctx context.Context, req LabelRequest) (*Label, error) {
	headers := map[string]string{}
	if req.IdempotencyKey != "" {
		headers["Idempotency-Key"] = req.IdempotencyKey
	}
	var out Label
	err := c.withRetry(ctx, func() error {
		return c.do(ctx, http.MethodPost, "/labels", headers, req, &out)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// VoidLabel requests a postage refund for an unused label. Voiding a label
// twice is reported as ErrAlreadyVoided, which callers treat as success.
func (c *Client) VoidLabel(ctx context.Context, labelID string) error {
	err := c.withRetry(ctx, func() error {
		return c.do(ctx, http.MethodPost, "/labels/"+url.PathEscape(labelID)+"/void", nil, nil, nil)
	})
	if errors.Is(err, ErrAlreadyVoided) {
		return nil
	}
	return err
}

// SchedulePickup books a driver collection.
func (c *Client) SchedulePickup(ctx context.Context, req PickupRequest) (*Pickup, error) {
	req.AccountNumber = c.cfg.Account
	var out Pickup
	err := c.withRetry(ctx, func() error {
		return c.do(ctx, http.MethodPost, "/pickups", nil, req, &out)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// VerifySignature checks the X-Carrier-Signature header, an HMAC-SHA256 of
// the raw body with the webhook secret.
func VerifySignature(secret string, body []byte, signature string) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return errors.New("carrier: bad webhook signature")
	}
	return nil
}
