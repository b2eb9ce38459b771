// Package outbound delivers signed event webhooks to the endpoints sellers
// register for their inventory integrations. Seller endpoints are arbitrary
// third-party servers; nothing on their side is known to deduplicate.
package outbound

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
)

// Dispatcher posts events to seller endpoints.
type Dispatcher struct {
	http *http.Client
	now  func() time.Time
}

// NewDispatcher returns a Dispatcher.
func NewDispatcher() *Dispatcher {
	return &Dispatcher{http: &http.Client{Timeout: 8 * time.Second}, now: time.Now}
}

// Event is the JSON envelope sellers receive.
type Event struct {
	Type string `json:"type"`
	Data any    `json:"data"`
}

// Post sends ev to url signed with secret and returns the HTTP status.
func (d *Dispatcher) Post(ctx context.Context, url, secret string, ev Event) (int, error) {
	body, err := json.Marshal(ev)
	if err != nil {
		return 0, err
	}
	ts := strconv.FormatInt(d.now().Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Hammerline-Timestamp", ts)
	req.Header.Set("X-Hammerline-Signature", hex.EncodeToString(mac.Sum(nil)))
	resp, err := d.http.Do(req)
	if err != nil {
		return 0, fmt.Errorf("outbound: post: %w", err)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return resp.StatusCode, fmt.Errorf("outbound: seller endpoint answered %d", resp.StatusCode)
	}
	return resp.StatusCode, nil
}
