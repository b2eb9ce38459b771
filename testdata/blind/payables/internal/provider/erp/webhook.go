// Package erp delivers outbound webhooks to the customer's ERP.
//
// Deliveries follow the Standard Webhooks convention: every request carries
// a Webhook-Id header, and ERP connectors are required to discard a
// Webhook-Id they have already processed.
package erp

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/northwind/payables/internal/platform/retry"
)

// Envelope is the body of a webhook.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// Endpoint is a tenant's webhook destination.
type Endpoint struct {
	URL    string
	Secret string
}

// Deliverer sends webhooks.
type Deliverer interface {
	Deliver(ctx context.Context, ep Endpoint, env Envelope) error
}

// Client implements Deliverer over net/http.
type Client struct {
	hc     *http.Client
	policy retry.Policy
}

// NewClient returns a webhook client.
func NewClient(timeout time.Duration) *Client {
	return &Client{
		hc:     &http.Client{Timeout: timeout},
		policy: retry.Policy{Initial: 500 * time.Millisecond, Max: 5 * time.Second, MaxElapsed: 20 * time.Second, MaxRetries: 3},
	}
}

// Deliver POSTs env to ep, retrying transient failures with the same
// Webhook-Id.
func (c *Client) Deliver(ctx context.Context, ep Endpoint, env Envelope) error {
	body, err := json.Marshal(env)
	if err != nil {
		return err
	}
	return retry.Do(ctx, c.policy, func() error {
		ts := strconv.FormatInt(time.Now().Unix(), 10)
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(body))
		if err != nil {
			return retry.Permanent(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Webhook-Id", env.ID)
		req.Header.Set("Webhook-Timestamp", ts)
		req.Header.Set("Webhook-Signature", "v1,"+sign(ep.Secret, env.ID, ts, body))
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		switch {
		case resp.StatusCode < 300:
			return nil
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
			return fmt.Errorf("erp: status %d", resp.StatusCode)
		default:
			return retry.Permanent(fmt.Errorf("erp: status %d", resp.StatusCode))
		}
	})
}

func sign(secret, id, ts string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(id + "." + ts + "."))
	mac.Write(body)
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}
