// Package notify sends SMS and e-mail through the terminal's messaging
// vendors.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/quaymark/terminal-ops/internal/config"
)

// SMS sends text messages to drivers and haulier dispatchers.
type SMS struct {
	base   string
	apiKey string
	http   *http.Client
}

// NewSMS builds the SMS client.
func NewSMS(cfg *config.Config) *SMS {
	return &SMS{base: cfg.SMSBaseURL, apiKey: cfg.SMSAPIKey, http: &http.Client{Timeout: 10 * time.Second}}
}

// Send delivers one text message.
func (s *SMS) Send(ctx context.Context, to, text string) error {
	return postJSON(ctx, s.http, s.base+"/v1/messages", s.apiKey, map[string]string{
		"to": to, "text": text, "sender": "QUAYMARK",
	})
}

// Mail sends transactional e-mail.
type Mail struct {
	base   string
	apiKey string
	from   string
	http   *http.Client
}

// NewMail builds the e-mail client.
func NewMail(cfg *config.Config) *Mail {
	return &Mail{base: cfg.MailBaseURL, apiKey: cfg.MailAPIKey, from: cfg.MailFrom, http: &http.Client{Timeout: 20 * time.Second}}
}

// Message is an outgoing e-mail.
type Message struct {
	To      []string `json:"to"`
	Subject string   `json:"subject"`
	Text    string   `json:"text"`
}

// Send delivers one e-mail.
func (m *Mail) Send(ctx context.Context, msg Message) error {
	payload := struct {
		From string `json:"from"`
		Message
	}{From: m.from, Message: msg}
	return postJSON(ctx, m.http, m.base+"/v3/mail/send", m.apiKey, payload)
}

func postJSON(ctx context.Context, hc *http.Client, url, apiKey string, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return fmt.Errorf("notify %s: status %d: %s", url, resp.StatusCode, b)
	}
	return nil
}
