// Package webhookout delivers signed notifications to customer-configured
// webhook endpoints (company admins subscribe to their members' bookings).
package webhookout

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

// Notification is the body sent to subscribers.
type Notification struct {
	Type       string    `json:"type"`
	OccurredAt time.Time `json:"occurred_at"`
	Data       any       `json:"data"`
}

// Sender posts notifications.
type Sender interface {
	Deliver(ctx context.Context, url, secret string, n Notification) (int, error)
}

// HTTPSender implements Sender.
type HTTPSender struct {
	client *http.Client
}

// NewHTTPSender returns a sender with a short timeout; customer endpoints
// are not allowed to hold our workers.
func NewHTTPSender() *HTTPSender {
	return &HTTPSender{client: &http.Client{Timeout: 5 * time.Second}}
}

// Deliver signs and posts n. It returns the HTTP status received.
func (s *HTTPSender) Deliver(ctx context.Context, url, secret string, n Notification) (int, error) {
	body, err := json.Marshal(n)
	if err != nil {
		return 0, err
	}
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "."))
	mac.Write(body)

	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-DeskHive-Timestamp", ts)
	req.Header.Set("X-DeskHive-Signature", "v1="+hex.EncodeToString(mac.Sum(nil)))

	resp, err := s.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return resp.StatusCode, fmt.Errorf("webhook endpoint returned %d", resp.StatusCode)
	}
	return resp.StatusCode, nil
}
