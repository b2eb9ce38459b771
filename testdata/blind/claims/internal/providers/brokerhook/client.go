// Package brokerhook delivers outbound webhooks to broker portals that
// subscribed to claim lifecycle notifications. Broker endpoints are simple
// receivers: they do not de-duplicate.
package brokerhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Client posts signed JSON payloads.
type Client struct {
	http   *retryablehttp.Client
	secret []byte
	now    func() time.Time
}

// New builds a Client.
func New(secret string) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 2
	rc.Logger = nil
	rc.HTTPClient.Timeout = 10 * time.Second
	return &Client{http: rc, secret: []byte(secret), now: time.Now}
}

// Delivery is the outcome of one webhook post.
type Delivery struct {
	StatusCode int
}

// Deliver posts payload to url.
func (c *Client) Deliver(ctx context.Context, url, eventType string, payload any) (Delivery, error) {
	body, err := json.Marshal(map[string]any{"type": eventType, "data": payload})
	if err != nil {
		return Delivery{}, err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return Delivery{}, err
	}
	ts := strconv.FormatInt(c.now().Unix(), 10)
	mac := hmac.New(sha256.New, c.secret)
	mac.Write([]byte(ts + "." + string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Harborline-Timestamp", ts)
	req.Header.Set("X-Harborline-Signature", hex.EncodeToString(mac.Sum(nil)))
	resp, err := c.http.Do(req)
	if err != nil {
		return Delivery{}, fmt.Errorf("broker webhook %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return Delivery{StatusCode: resp.StatusCode}, fmt.Errorf("broker webhook %s: status %d", url, resp.StatusCode)
	}
	return Delivery{StatusCode: resp.StatusCode}, nil
}
