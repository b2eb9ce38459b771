// Package practicehooks delivers signed webhooks to practice management
// systems. Receivers are told to deduplicate on the webhook-id header.
package practicehooks

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// Event is a notification to a practice.
type Event struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Data any    `json:"data"`
}

// Sender posts events to practice endpoints.
type Sender struct {
	http *http.Client
	now  func() time.Time
}

// NewSender builds a Sender.
func NewSender() *Sender {
	return &Sender{http: &http.Client{Timeout: 10 * time.Second}, now: time.Now}
}

// Deliver signs and posts the event. A non-2xx response is an error.
func (s *Sender) Deliver(ctx context.Context, url, secret string, ev Event) error {
	body, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	ts := strconv.FormatInt(s.now().Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ev.ID + "." + ts + "." + string(body)))
	sig := "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))

	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("webhook-id", ev.ID)
	req.Header.Set("webhook-timestamp", ts)
	req.Header.Set("webhook-signature", sig)
	resp, err := s.http.Do(req)
	if err != nil {
		return fmt.Errorf("deliver %s: %w", ev.Type, err)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("deliver %s: practice endpoint returned %d", ev.Type, resp.StatusCode)
	}
	return nil
}
