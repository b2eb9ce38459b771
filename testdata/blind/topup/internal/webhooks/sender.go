// Package webhooks delivers signed event notifications to reseller endpoints.
package webhooks

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/cenkalti/backoff/v4"

	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/httpx"
)

// Event is the envelope resellers receive. Receivers are told (see the partner
// docs) to de-duplicate on the Topup-Webhook-Id header.
type Event struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	Data      any       `json:"data"`
}

type Sender struct {
	client     *http.Client
	log        *slog.Logger
	maxElapsed time.Duration
}

func NewSender(timeout time.Duration, log *slog.Logger) *Sender {
	return &Sender{
		client:     &http.Client{Timeout: timeout},
		log:        log.With("component", "webhooks"),
		maxElapsed: 45 * time.Second,
	}
}

// Deliver posts the event to the endpoint, retrying transient failures with
// exponential backoff. It returns the last HTTP status seen.
func (s *Sender) Deliver(ctx context.Context, ep domain.WebhookEndpoint, ev Event) (int, error) {
	payload, err := json.Marshal(ev)
	if err != nil {
		return 0, err
	}
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	headers := map[string]string{
		"Content-Type":     "application/json",
		"User-Agent":       "topup-webhooks/1.4",
		"Topup-Webhook-Id": ev.ID,
		"Topup-Event-Type": ev.Type,
		"Topup-Timestamp":  ts,
		"Topup-Signature":  "v1=" + sign(ep.Secret, ts, payload),
	}

	var status int
	op := func() error {
		code, _, err := httpx.Do(ctx, s.client, http.MethodPost, ep.URL, payload, headers)
		status = code
		if err == nil {
			return nil
		}
		var se *httpx.StatusError
		if errors.As(err, &se) && !se.Temporary() {
			return backoff.Permanent(err)
		}
		return err
	}

	bo := backoff.NewExponentialBackOff()
	bo.InitialInterval = 500 * time.Millisecond
	bo.MaxElapsedTime = s.maxElapsed
	notify := func(err error, wait time.Duration) {
		s.log.Warn("webhook delivery failed, retrying", "endpoint", ep.ID, "event", ev.ID, "wait", wait, "err", err)
	}
	if err := backoff.RetryNotify(op, backoff.WithContext(bo, ctx), notify); err != nil {
		return status, fmt.Errorf("deliver %s to %s: %w", ev.Type, ep.URL, err)
	}
	return status, nil
}

func sign(secret, ts string, payload []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(payload)
	return hex.EncodeToString(mac.Sum(nil))
}
