// Package portal pushes events to grower portals (farm-management systems
// that growers connect to the cooperative). Each portal registers one
// webhook URL and a signing secret.
//
// The partner spec asks portals to treat X-Coop-Delivery-Id as the unique
// identity of an event and to drop repeats of an id they have processed.
package portal

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type Event struct {
	ID         string    `json:"id"`
	Type       string    `json:"type"`
	OccurredAt time.Time `json:"occurred_at"`
	MemberNo   string    `json:"member_no"`
	Data       any       `json:"data"`
}

type Client struct {
	rc *retryablehttp.Client
}

func New(timeout time.Duration, logger *slog.Logger) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 4
	rc.RetryWaitMin = 500 * time.Millisecond
	rc.RetryWaitMax = 8 * time.Second
	rc.HTTPClient.Timeout = timeout
	rc.Logger = slogAdapter{logger}
	rc.CheckRetry = retryablehttp.DefaultRetryPolicy
	return &Client{rc: rc}
}

// Deliver posts a signed event to the portal. The retryable client retries
// connection errors, 429s and 5xxs with the same body and headers.
func (c *Client) Deliver(ctx context.Context, endpoint, secret string, evt Event) error {
	body, err := json.Marshal(evt)
	if err != nil {
		return fmt.Errorf("portal: encode: %w", err)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "prairiegold-portal-push/2")
	req.Header.Set("X-Coop-Delivery-Id", evt.ID)
	req.Header.Set("X-Coop-Event", evt.Type)
	req.Header.Set("X-Coop-Signature", sign(secret, body))

	resp, err := c.rc.Do(req)
	if err != nil {
		return fmt.Errorf("portal: deliver %s: %w", evt.Type, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("portal: deliver %s: status %d", evt.Type, resp.StatusCode)
	}
	return nil
}

func sign(secret string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

type slogAdapter struct{ l *slog.Logger }

func (a slogAdapter) Error(msg string, kv ...any) { a.l.Error(msg, kv...) }
func (a slogAdapter) Info(msg string, kv ...any)  { a.l.Debug(msg, kv...) }
func (a slogAdapter) Debug(msg string, kv ...any) { a.l.Debug(msg, kv...) }
func (a slogAdapter) Warn(msg string, kv ...any)  { a.l.Warn(msg, kv...) }
