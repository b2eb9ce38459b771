package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// EmailMessage is one transactional e-mail.
type EmailMessage struct {
	To       string            `json:"to"`
	Subject  string            `json:"subject"`
	TextBody string            `json:"text_body"`
	HTMLBody string            `json:"html_body,omitempty"`
	Tag      string            `json:"tag,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// EmailSender sends e-mail.
type EmailSender interface {
	SendEmail(ctx context.Context, msg EmailMessage) (string, error)
}

// EmailClient is the HTTP client for the transactional e-mail relay.
type EmailClient struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

// EmailOption configures an EmailClient.
type EmailOption func(*EmailClient)

// WithFrom sets the From address.
func WithFrom(addr string) EmailOption { return func(c *EmailClient) { c.from = addr } }

// NewEmailClient creates an EmailClient.
func NewEmailClient(baseURL, apiKey string, opts ...EmailOption) *EmailClient {
	c := &EmailClient{
		baseURL: strings.TrimRight(baseURL, "/"),
		apiKey:  apiKey,
		from:    "no-reply@skyway.example",
		http:    &http.Client{Timeout: 10 * time.Second},
	}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

// SendEmail sends msg and returns the relay's message ID.
func (c *EmailClient) SendEmail(ctx context.Context, msg EmailMessage) (string, error) {
	body := map[string]any{
		"From":     c.from,
		"To":       msg.To,
		"Subject":  msg.Subject,
		"TextBody": msg.TextBody,
		"HtmlBody": msg.HTMLBody,
		"Tag":      msg.Tag,
		"Metadata": msg.Metadata,
	}
	buf, err := json.Marshal(body)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/email", bytes.NewReader(buf))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Server-Token", c.apiKey)
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("email: send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("email: status %d: %s", resp.StatusCode, bytes.TrimSpace(raw))
	}
	var out struct {
		MessageID string `json:"MessageID"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("email: decode: %w", err)
	}
	return out.MessageID, nil
}
