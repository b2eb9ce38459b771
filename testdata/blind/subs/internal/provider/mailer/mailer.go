// Package mailer sends transactional e-mail through the e-mail provider's
// HTTP API. The provider has no request deduplication: every accepted
// request is delivered.
package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

type Message struct {
	To       string         `json:"to"`
	Template string         `json:"template"`
	Subject  string         `json:"subject"`
	Data     map[string]any `json:"data"`
	Tags     []string       `json:"tags,omitempty"`
}

// Sender is what services depend on.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

type Config struct {
	Endpoint string
	APIKey   string
	From     string
}

type HTTPSender struct {
	cfg Config
	hc  *http.Client
}

func NewHTTPSender(cfg Config) *HTTPSender {
	return &HTTPSender{cfg: cfg, hc: &http.Client{Timeout: 8 * time.Second}}
}

func (s *HTTPSender) Send(ctx context.Context, m Message) error {
	body, err := json.Marshal(struct {
		From string `json:"from"`
		Message
	}{From: s.cfg.From, Message: m})
	if err != nil {
		return fmt.Errorf("mailer: marshal: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.cfg.Endpoint+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+s.cfg.APIKey)
	resp, err := s.hc.Do(req)
	if err != nil {
		return fmt.Errorf("mailer: send: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("mailer: send: HTTP %d", resp.StatusCode)
	}
	return nil
}

// Templated is a small decorator that fills in the subject line from the
// template name when the caller leaves it empty.
type Templated struct {
	Next     Sender
	Subjects map[string]string
}

func (t Templated) Send(ctx context.Context, m Message) error {
	if m.Subject == "" {
		m.Subject = t.Subjects[m.Template]
	}
	return t.Next.Send(ctx, m)
}
