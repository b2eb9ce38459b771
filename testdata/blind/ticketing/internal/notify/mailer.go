// Package notify contains the e-mail and SMS provider clients.
//
// The e-mail provider offers no request de-duplication: every accepted POST
// is a message in someone's inbox. The SMS gateway de-duplicates on the
// client_reference field for 24 hours.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Email is a rendered message.
type Email struct {
	To       string            `json:"to"`
	Subject  string            `json:"subject"`
	HTML     string            `json:"html_body"`
	Text     string            `json:"text_body"`
	Tag      string            `json:"tag,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// Mailer sends e-mail.
type Mailer interface {
	Send(ctx context.Context, msg Email) (messageID string, err error)
}

// HTTPMailer talks to the transactional mail provider.
type HTTPMailer struct {
	baseURL string
	apiKey  string
	hc      *http.Client
	policy  func() backoff.BackOff
}

// NewHTTPMailer builds a mail client retrying transient failures with
// exponential backoff.
func NewHTTPMailer(baseURL, apiKey string) *HTTPMailer {
	return &HTTPMailer{
		baseURL: baseURL,
		apiKey:  apiKey,
		hc:      &http.Client{Timeout: 10 * time.Second},
		policy: func() backoff.BackOff {
			b := backoff.NewExponentialBackOff()
			b.InitialInterval = 200 * time.Millisecond
			b.MaxElapsedTime = 20 * time.Second
			return b
		},
	}
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

func (m *HTTPMailer) Send(ctx context.Context, msg Email) (string, error) {
	payload, err := json.Marshal(msg)
	if err != nil {
		return "", err
	}
	var out sendResponse
	op := func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.baseURL+"/v1/messages", bytes.NewReader(payload))
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+m.apiKey)
		req.Header.Set("Content-Type", "application/json")
		resp, err := m.hc.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
		switch {
		case resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests:
			return fmt.Errorf("mail provider: status %d", resp.StatusCode)
		case resp.StatusCode >= 400:
			return backoff.Permanent(fmt.Errorf("mail provider rejected message: %d %s", resp.StatusCode, body))
		}
		return json.Unmarshal(body, &out)
	}
	if err := backoff.Retry(op, backoff.WithContext(m.policy(), ctx)); err != nil {
		return "", err
	}
	return out.MessageID, nil
}
