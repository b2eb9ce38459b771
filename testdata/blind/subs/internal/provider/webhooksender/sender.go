// Package webhooksender delivers signed webhook events to customers'
// endpoints. Receivers deduplicate on the Idempotency-Key / Meterly-Event-Id
// header, which always carries the event id.
package webhooksender

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

type Delivery struct {
	EventID   string
	EventType string
	URL       string
	Secret    string
	Payload   []byte
}

type Result struct {
	StatusCode int
	Duration   time.Duration
	Attempts   uint
}

type Sender struct {
	hc       *http.Client
	attempts uint
	now      func() time.Time
}

func New(timeout time.Duration, attempts uint) *Sender {
	return &Sender{hc: &http.Client{Timeout: timeout}, attempts: attempts, now: time.Now}
}

func sign(secret string, ts int64, payload []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	fmt.Fprintf(mac, "%d.", ts)
	mac.Write(payload)
	return hex.EncodeToString(mac.Sum(nil))
}

type statusErr struct{ code int }

func (e statusErr) Error() string { return "webhook endpoint returned HTTP " + strconv.Itoa(e.code) }

// Deliver POSTs the event, retrying transient failures a few times in
// process. The delivery id identifies this call in our logs and in the
// receiver's access logs.
func (s *Sender) Deliver(ctx context.Context, d Delivery) (Result, error) {
	deliveryID := uuid.NewString()
	ts := s.now().Unix()
	sig := sign(d.Secret, ts, d.Payload)
	start := s.now()

	var res Result
	err := retry.Do(func() error {
		res.Attempts++
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.URL, bytes.NewReader(d.Payload))
		if err != nil {
			return retry.Unrecoverable(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", d.EventID)
		req.Header.Set("Meterly-Event-Id", d.EventID)
		req.Header.Set("Meterly-Event-Type", d.EventType)
		req.Header.Set("Meterly-Delivery-Id", deliveryID)
		req.Header.Set("Meterly-Signature", fmt.Sprintf("t=%d,v1=%s", ts, sig))
		resp, err := s.hc.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		res.StatusCode = resp.StatusCode
		if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
			return statusErr{resp.StatusCode}
		}
		if resp.StatusCode >= 300 {
			return retry.Unrecoverable(statusErr{resp.StatusCode})
		}
		return nil
	}, retry.Context(ctx), retry.Attempts(s.attempts), retry.Delay(500*time.Millisecond), retry.LastErrorOnly(true))
	res.Duration = s.now().Sub(start)
	return res, err
}
