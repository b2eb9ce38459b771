// Package webhook delivers signed event notifications to merchants'
// registered endpoints over plain net/http.
package webhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/depotworks/depot/internal/platform/clock"
)

// Event is one merchant-facing notification. Receivers use ID to drop
// events they have already processed.
type Event struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	MerchantID string          `json:"merchant_id"`
	CreatedAt  time.Time       `json:"created_at"`
	Data       json.RawMessage `json:"data"`
}

// Endpoint is where an event is delivered.
type Endpoint struct {
	ID     string
	URL    string
	Secret string
}

// Result describes one delivery attempt.
type Result struct {
	StatusCode int
	Took       time.Duration
}

// DeliveryError is a non-2xx response from the receiver.
type DeliveryError struct {
	StatusCode int
}

func (e *DeliveryError) Error() string {
	return fmt.Sprintf("webhook: receiver answered %d", e.StatusCode)
}

// Sender posts events.
type Sender struct {
	http  *http.Client
	clock clock.Clock
	ua    string
}

// Option configures a Sender.
type Option func(*Sender)

// WithHTTPClient sets the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(s *Sender) { s.http = h } }

// WithClock sets the clock used for signature timestamps.
func WithClock(c clock.Clock) Option { return func(s *Sender) { s.clock = c } }

// NewSender builds a Sender.
func NewSender(opts ...Option) *Sender {
	s := &Sender{
		http:  &http.Client{Timeout: 10 * time.Second},
		clock: clock.System{},
		ua:    "depot-webhooks/1.0",
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Send posts ev to ep once.
func (s *Sender) Send(ctx context.Context, ep Endpoint, ev Event) (Result, error) {
	body, err := json.Marshal(ev)
	if err != nil {
		return Result{}, err
	}
	ts := strconv.FormatInt(s.clock.Now().Unix(), 10)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(body))
	if err != nil {
		return Result{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", s.ua)
	req.Header.Set("X-Depot-Event-Id", ev.ID)
	req.Header.Set("X-Depot-Event-Type", ev.Type)
	req.Header.Set("X-Depot-Timestamp", ts)
	req.Header.Set("X-Depot-Signature", sign(ep.Secret, ts, body))

	start := time.Now()
	resp, err := s.http.Do(req)
	took := time.Since(start)
	if err != nil {
		return Result{Took: took}, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	res := Result{StatusCode: resp.StatusCode, Took: took}
	if resp.StatusCode/100 != 2 {
		return res, &DeliveryError{StatusCode: resp.StatusCode}
	}
	return res, nil
}

func sign(secret, ts string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(body)
	return "v1=" + hex.EncodeToString(mac.Sum(nil))
}
