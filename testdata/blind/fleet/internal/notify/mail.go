package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/acme/fleet/internal/config"
)

// Email is one outgoing message.
type Email struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
}

// Mailer sends e-mail through the mail relay's HTTP API.
type Mailer struct {
	baseURL string
	key     string
	from    string
	hc      *http.Client
}

func NewMailer(cfg config.Config) *Mailer {
	return &Mailer{baseURL: cfg.MailURL, key: cfg.MailKey, from: cfg.MailFrom, hc: &http.Client{Timeout: cfg.ProviderTimeout}}
}

// Send hands one e-mail to the relay.
func (m *Mailer) Send(ctx context.Context, e Email) error {
	body, err := json.Marshal(struct {
		From string `json:"from"`
		Email
	}{From: m.from, Email: e})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.baseURL+"/send", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+m.key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := m.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("mail relay: HTTP %d", resp.StatusCode)
	}
	return nil
}
