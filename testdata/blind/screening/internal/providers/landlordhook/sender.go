// Package landlordhook delivers signed webhook notifications to the
// endpoints property managers register. Receivers are told to deduplicate
// on the Webhook-Id header and to verify Webhook-Signature.
package landlordhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// Sender posts webhook payloads.
type Sender struct {
	http  *http.Client
	newID func() string
	now   func() time.Time
}

// NewSender builds a sender; newID mints message ids.
func NewSender(hc *http.Client, newID func() string) *Sender {
	if hc == nil {
		hc = &http.Client{Timeout: 10 * time.Second}
	}
	return &Sender{http: hc, newID: newID, now: time.Now}
}

// Message is one delivery to one endpoint.
type Message struct {
	URL       string
	Secret    string
	EventType string
	Payload   []byte
}

// Result describes what the receiver answered.
type Result struct {
	StatusCode int
	Duration   time.Duration
}

// Send signs and posts a message. Non-2xx answers are returned as errors.
func (s *Sender) Send(ctx context.Context, m Message) (Result, error) {
	msgID := "msg_" + s.newID()
	ts := strconv.FormatInt(s.now().Unix(), 10)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.URL, bytes.NewReader(m.Payload))
	if err != nil {
		return Result{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "TenantLens-Webhooks/1.0")
	req.Header.Set("Webhook-Id", msgID)
	req.Header.Set("Webhook-Timestamp", ts)
	req.Header.Set("Webhook-Event", m.EventType)
	req.Header.Set("Webhook-Signature", "v1,"+sign(m.Secret, msgID, ts, m.Payload))

	start := s.now()
	resp, err := s.http.Do(req)
	res := Result{Duration: time.Since(start)}
	if err != nil {
		return res, fmt.Errorf("landlordhook: post: %w", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	res.StatusCode = resp.StatusCode
	if resp.StatusCode < 200 || resp.StatusCode >= 300 {
		return res, fmt.Errorf("landlordhook: endpoint answered %d", resp.StatusCode)
	}
	return res, nil
}

// sign computes the Standard-Webhooks style signature over id.timestamp.body.
func sign(secret, msgID, ts string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(msgID))
	mac.Write([]byte("."))
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(body)
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}
