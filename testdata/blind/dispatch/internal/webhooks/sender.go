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

	"github.com/quaymile/dispatch/internal/config"
)

// Sender posts a signed event to a merchant endpoint.
type Sender interface {
	Send(ctx context.Context, url, secret, eventID string, body []byte) (int, error)
}

type httpSender struct {
	client *http.Client
}

// NewSender builds an HTTP Sender.
func NewSender(cfg config.Config) Sender {
	return &httpSender{client: &http.Client{Timeout: cfg.WebhookTimeout}}
}

func (s *httpSender) Send(ctx context.Context, url, secret, eventID string, body []byte) (int, error) {
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "." + string(body)))
	sig := hex.EncodeToString(mac.Sum(nil))

	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Quaymile-Event-Id", eventID)
	req.Header.Set("X-Quaymile-Signature", "t="+ts+",v1="+sig)
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return resp.StatusCode, fmt.Errorf("merchant endpoint returned %d", resp.StatusCode)
	}
	return resp.StatusCode, nil
}
