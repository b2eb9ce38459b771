// Package webhook delivers signed event notifications to merchant endpoints.
//
// Payloads follow the Standard Webhooks layout: every request carries
// Webhook-Id, Webhook-Timestamp and Webhook-Signature headers, and merchant
// integrations are required (per the integration guide) to ignore a
// Webhook-Id they have already processed.
package webhook

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

	"github.com/segmentio/ksuid"
)

type Target struct {
	URL    string
	Secret string
}

type Event struct {
	ID      string
	Type    string
	Payload any
}

type Notifier interface {
	Send(ctx context.Context, t Target, ev Event) error
}

type Sender struct {
	http *http.Client
	now  func() time.Time
	ua   string
}

type Option func(*Sender)

func WithHTTPClient(c *http.Client) Option  { return func(s *Sender) { s.http = c } }
func WithClock(now func() time.Time) Option { return func(s *Sender) { s.now = now } }
func WithUserAgent(ua string) Option        { return func(s *Sender) { s.ua = ua } }

func NewSender(opts ...Option) *Sender {
	s := &Sender{
		http: &http.Client{Timeout: 10 * time.Second},
		now:  time.Now,
		ua:   "giftcards-webhooks/1.0",
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

type envelope struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	CreatedAt string `json:"created_at"`
	Data      any    `json:"data"`
}

func (s *Sender) Send(ctx context.Context, t Target, ev Event) error {
	if t.URL == "" {
		return nil
	}
	if ev.ID == "" {
		ev.ID = "evt_" + ksuid.New().String()
	}
	ts := s.now().UTC()
	body, err := json.Marshal(envelope{ID: ev.ID, Type: ev.Type, CreatedAt: ts.Format(time.RFC3339), Data: ev.Payload})
	if err != nil {
		return fmt.Errorf("webhook: marshal: %w", err)
	}
	unix := strconv.FormatInt(ts.Unix(), 10)

	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", s.ua)
	req.Header.Set("Webhook-Id", ev.ID)
	req.Header.Set("Webhook-Timestamp", unix)
	req.Header.Set("Webhook-Signature", "v1,"+sign(t.Secret, ev.ID, unix, body))

	resp, err := s.http.Do(req)
	if err != nil {
		return fmt.Errorf("webhook: post %s: %w", t.URL, err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
	if resp.StatusCode < 200 || resp.StatusCode >= 300 {
		return fmt.Errorf("webhook: %s responded %d", t.URL, resp.StatusCode)
	}
	return nil
}

func sign(secret, id, ts string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(id))
	mac.Write([]byte{'.'})
	mac.Write([]byte(ts))
	mac.Write([]byte{'.'})
	mac.Write(body)
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}
