// Package webhooks delivers signed notifications to restaurant-configured
// endpoints.
package webhooks

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

	"github.com/avast/retry-go/v4"

	"github.com/tablewise/reservations/internal/httpx"
)

// Notification is the envelope posted to a restaurant endpoint.
type Notification struct {
	Type       string    `json:"type"`
	OccurredAt time.Time `json:"occurred_at"`
	Data       any       `json:"data"`
}

// Poster delivers notifications.
type Poster interface {
	Post(ctx context.Context, endpoint, secret string, n Notification) error
}

// Sender signs the body with the restaurant's shared secret.
type Sender struct {
	http *http.Client
	now  func() time.Time
}

func NewSender(timeout time.Duration) *Sender {
	return &Sender{http: &http.Client{Timeout: timeout}, now: time.Now}
}

func sign(secret string, ts int64, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(strconv.FormatInt(ts, 10)))
	mac.Write([]byte("."))
	mac.Write(body)
	return hex.EncodeToString(mac.Sum(nil))
}

func (s *Sender) Post(ctx context.Context, endpoint, secret string, n Notification) error {
	body, err := json.Marshal(n)
	if err != nil {
		return fmt.Errorf("webhooks: encode: %w", err)
	}
	ts := s.now().Unix()
	sig := sign(secret, ts, body)

	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
		if err != nil {
			return retry.Unrecoverable(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Tablewise-Timestamp", strconv.FormatInt(ts, 10))
		req.Header.Set("X-Tablewise-Signature", "v1="+sig)
		resp, err := s.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return httpx.CheckResponse(resp)
	}, append(httpx.DefaultRetry(3), retry.Context(ctx))...)
}
