// Package merchanthook delivers signed outbound webhooks to merchant
// endpoints using the Standard Webhooks header scheme. Merchants are told to
// deduplicate on the webhook-id header.
package merchanthook

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

type Delivery struct {
	// ID is sent as webhook-id; receivers treat repeated ids as duplicates.
	ID        string
	EventType string
	Payload   []byte
}

type Result struct {
	StatusCode int
	Duration   time.Duration
}

type Sender struct {
	hc  *http.Client
	now func() time.Time
}

func NewSender(timeout time.Duration) *Sender {
	return &Sender{hc: &http.Client{Timeout: timeout}, now: time.Now}
}

func (s *Sender) Send(ctx context.Context, url, secret string, d Delivery) (Result, error) {
	ts := s.now().Unix()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(d.Payload))
	if err != nil {
		return Result{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("webhook-id", d.ID)
	req.Header.Set("webhook-timestamp", strconv.FormatInt(ts, 10))
	req.Header.Set("webhook-signature", "v1,"+sign(secret, d.ID, ts, d.Payload))
	req.Header.Set("X-Northwind-Event", d.EventType)

	start := time.Now()
	resp, err := s.hc.Do(req)
	res := Result{Duration: time.Since(start)}
	if err != nil {
		return res, fmt.Errorf("deliver webhook %s: %w", d.ID, err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
	res.StatusCode = resp.StatusCode
	if resp.StatusCode < 200 || resp.StatusCode >= 300 {
		return res, fmt.Errorf("deliver webhook %s: endpoint returned %d", d.ID, resp.StatusCode)
	}
	return res, nil
}

func sign(secret, id string, ts int64, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	fmt.Fprintf(mac, "%s.%d.", id, ts)
	mac.Write(body)
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}
