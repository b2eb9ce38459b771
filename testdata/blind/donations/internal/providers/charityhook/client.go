// Package charityhook delivers outbound webhooks to charities that asked to
// be told about each donation in real time. Charity endpoints are simple
// receivers: they do not deduplicate.
package charityhook

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

// Payload is what a charity receives.
type Payload struct {
	Type        string    `json:"type"`
	DonationID  string    `json:"donation_id"`
	AmountPence int64     `json:"amount_pence"`
	Currency    string    `json:"currency"`
	DonorName   string    `json:"donor_name,omitempty"`
	Message     string    `json:"message,omitempty"`
	GiftAid     bool      `json:"gift_aid"`
	OccurredAt  time.Time `json:"occurred_at"`
}

// Sender posts payloads to charity endpoints.
type Sender interface {
	Send(ctx context.Context, url, secret string, p Payload) (int, error)
}

type sender struct{ http *http.Client }

// New returns a webhook sender.
func New() Sender {
	return &sender{http: &http.Client{Timeout: 8 * time.Second}}
}

func (s *sender) Send(ctx context.Context, url, secret string, p Payload) (int, error) {
	body, err := json.Marshal(p)
	if err != nil {
		return 0, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "." + string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-KG-Timestamp", ts)
	req.Header.Set("X-KG-Signature", hex.EncodeToString(mac.Sum(nil)))

	resp, err := s.http.Do(req)
	if err != nil {
		return 0, fmt.Errorf("charity webhook: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return resp.StatusCode, fmt.Errorf("charity webhook: status %d", resp.StatusCode)
	}
	return resp.StatusCode, nil
}
