// Package notify sends SMS and e-mail notices to customers.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/acme/fleet/internal/config"
	"github.com/acme/fleet/internal/platform/ids"
)

// ErrNotSent means the gateway refused the message before accepting it, so
// it certainly was not delivered.
var ErrNotSent = errors.New("sms not sent")

var errThrottled = errors.New("sms gateway throttled")

// SMSGateway is a client for the SMS gateway. The gateway has no request
// deduplication: every accepted POST is a message on a handset.
type SMSGateway struct {
	baseURL string
	key     string
	sender  string
	hc      *http.Client
}

func NewSMSGateway(cfg config.Config) *SMSGateway {
	return &SMSGateway{baseURL: cfg.SMSURL, key: cfg.SMSKey, sender: cfg.SMSSender, hc: &http.Client{Timeout: cfg.ProviderTimeout}}
}

type smsRequest struct {
	From      string `json:"from"`
	To        string `json:"to"`
	Text      string `json:"text"`
	ClientRef string `json:"client_ref"`
}

type smsResponse struct {
	MessageID string `json:"message_id"`
}

// Send sends one SMS and returns the gateway's message id. Only throttling
// answers, which the gateway guarantees were not accepted, are retried.
func (g *SMSGateway) Send(ctx context.Context, to, text string) (string, error) {
	body, err := json.Marshal(smsRequest{From: g.sender, To: to, Text: text, ClientRef: ids.New()})
	if err != nil {
		return "", err
	}
	msgID, err := retry.DoWithData(
		func() (string, error) { return g.post(ctx, body) },
		retry.Context(ctx),
		retry.Attempts(3),
		retry.Delay(time.Second),
		retry.RetryIf(func(err error) bool { return errors.Is(err, errThrottled) }),
		retry.LastErrorOnly(true),
	)
	if errors.Is(err, errThrottled) {
		return "", fmt.Errorf("%w: %v", ErrNotSent, err)
	}
	return msgID, err
}

func (g *SMSGateway) post(ctx context.Context, body []byte) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.baseURL+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("X-Api-Key", g.key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := g.hc.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return "", errThrottled
	case resp.StatusCode >= 400 && resp.StatusCode < 500:
		return "", fmt.Errorf("%w: HTTP %d: %s", ErrNotSent, resp.StatusCode, raw)
	case resp.StatusCode >= 300:
		return "", fmt.Errorf("sms gateway: HTTP %d", resp.StatusCode)
	}
	var out smsResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", err
	}
	return out.MessageID, nil
}
