package webhooks

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
)

// Endpoint is where a partner receives webhooks.
type Endpoint struct {
	URL    string
	Secret string
}

// Delivery is one POST to a partner. Partners are asked to treat
// Webhook-Id as the event identity and ignore ids they have processed.
type Delivery struct {
	ID   string
	Type string
	Body []byte
}

type SenderOption func(*HTTPSender)

func WithHTTPClient(hc *http.Client) SenderOption {
	return func(s *HTTPSender) { s.hc = hc }
}

func WithUserAgent(ua string) SenderOption {
	return func(s *HTTPSender) { s.userAgent = ua }
}

func WithClock(now func() time.Time) SenderOption {
	return func(s *HTTPSender) { s.now = now }
}

type HTTPSender struct {
	hc        *http.Client
	userAgent string
	now       func() time.Time
}

func NewHTTPSender(opts ...SenderOption) *HTTPSender {
	s := &HTTPSender{
		hc:        &http.Client{Timeout: 10 * time.Second},
		userAgent: "quayside-webhooks/1",
		now:       time.Now,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// PartnerError is a non-2xx answer from a partner endpoint.
type PartnerError struct{ StatusCode int }

func (e *PartnerError) Error() string {
	return fmt.Sprintf("partner endpoint answered %d", e.StatusCode)
}

func (e *PartnerError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

func sign(secret string, ts int64, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	fmt.Fprintf(mac, "%d.", ts)
	mac.Write(body)
	return hex.EncodeToString(mac.Sum(nil))
}

// Deliver posts d to ep and returns the partner's status code.
func (s *HTTPSender) Deliver(ctx context.Context, ep Endpoint, d Delivery) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(d.Body))
	if err != nil {
		return 0, err
	}
	ts := s.now().Unix()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", s.userAgent)
	req.Header.Set("Webhook-Type", d.Type)
	req.Header.Set("Webhook-Timestamp", strconv.FormatInt(ts, 10))
	req.Header.Set("Webhook-Signature", "v1="+sign(ep.Secret, ts, d.Body))
	if d.ID != "" {
		req.Header.Set("Webhook-Id", d.ID)
	}
	resp, err := s.hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, &PartnerError{StatusCode: resp.StatusCode}
	}
	return resp.StatusCode, nil
}
