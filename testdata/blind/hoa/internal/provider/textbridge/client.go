// Package textbridge is the client for Textbridge, the SMS gateway used for
// owner text notices. Textbridge has no idempotency or de-duplication
// mechanism: every accepted POST /messages is delivered to the handset.
package textbridge

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/larchway/hoaops/internal/config"
)

// Client sends SMS through Textbridge.
type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

// New builds a client from configuration.
func New(cfg config.Config) *Client {
	return &Client{
		baseURL: cfg.Textbridge.BaseURL,
		apiKey:  cfg.Textbridge.APIKey,
		from:    cfg.Textbridge.Sender,
		http:    &http.Client{Timeout: cfg.Textbridge.Timeout},
	}
}

// Send delivers body to the E.164 number to and returns the message sid.
func (c *Client) Send(ctx context.Context, to, body string) (string, error) {
	form := url.Values{"From": {c.from}, "To": {to}, "Body": {body}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/messages", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("textbridge: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("textbridge: status %d: %s", resp.StatusCode, raw)
	}
	var out struct {
		SID string `json:"sid"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("textbridge: decode: %w", err)
	}
	return out.SID, nil
}
