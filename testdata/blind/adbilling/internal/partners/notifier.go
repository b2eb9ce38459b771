// Package partners sends payout statements to partner ad networks by
// webhook. Under the partner integration contract, receivers deduplicate on
// the Webhook-Id header.
package partners

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

	"github.com/cenkalti/backoff/v4"

	"github.com/brightlane/adbilling/internal/config"
)

type Notification struct {
	WebhookID string
	URL       string
	Secret    string
	EventType string
	Payload   []byte
}

type Notifier interface {
	Notify(ctx context.Context, n Notification) error
}

type httpNotifier struct {
	http      *http.Client
	userAgent string
}

func NewNotifier(cfg *config.Config) Notifier {
	return &httpNotifier{http: &http.Client{Timeout: 10 * time.Second}, userAgent: cfg.PartnerWebhookAgent}
}

func (n *httpNotifier) Notify(ctx context.Context, note Notification) error {
	op := func() error {
		ts := strconv.FormatInt(time.Now().Unix(), 10)
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, note.URL, bytes.NewReader(note.Payload))
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("User-Agent", n.userAgent)
		req.Header.Set("Webhook-Id", note.WebhookID)
		req.Header.Set("Webhook-Timestamp", ts)
		req.Header.Set("Webhook-Event", note.EventType)
		req.Header.Set("Webhook-Signature", "v1,"+sign(note.Secret, note.WebhookID, ts, note.Payload))
		resp, err := n.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
		switch {
		case resp.StatusCode < 300:
			return nil
		case resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests:
			return fmt.Errorf("partner webhook: %d", resp.StatusCode)
		default:
			return backoff.Permanent(fmt.Errorf("partner webhook rejected: %d", resp.StatusCode))
		}
	}
	bo := backoff.NewExponentialBackOff()
	bo.MaxElapsedTime = 45 * time.Second
	return backoff.Retry(op, backoff.WithContext(bo, ctx))
}

func sign(secret, id, ts string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(id + "." + ts + "."))
	mac.Write(body)
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}
