// Package email is the client for the transactional email provider. The
// provider has no request deduplication: every accepted POST /messages is a
// separate email.
package email

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/brightlane/adbilling/internal/config"
)

type Sender interface {
	Send(ctx context.Context, m Message) (Result, error)
}

type Attachment struct {
	Filename    string
	ContentType string
	Content     []byte
}

type Message struct {
	To          string
	BCC         string
	Subject     string
	TextBody    string
	HTMLBody    string
	Attachments []Attachment
	Tags        map[string]string
}

type Result struct {
	MessageID string `json:"message_id"`
}

type wireAttachment struct {
	Filename    string `json:"filename"`
	ContentType string `json:"content_type"`
	Content     string `json:"content"`
}

type wireMessage struct {
	From        string            `json:"from"`
	To          []string          `json:"to"`
	BCC         []string          `json:"bcc,omitempty"`
	Subject     string            `json:"subject"`
	Text        string            `json:"text,omitempty"`
	HTML        string            `json:"html,omitempty"`
	Attachments []wireAttachment  `json:"attachments,omitempty"`
	Tags        map[string]string `json:"tags,omitempty"`
}

type client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

func NewSender(cfg *config.Config) Sender {
	return &client{
		baseURL: cfg.EmailBaseURL,
		apiKey:  cfg.EmailAPIKey,
		from:    cfg.EmailFrom,
		http:    &http.Client{Timeout: 15 * time.Second},
	}
}

func (c *client) Send(ctx context.Context, m Message) (Result, error) {
	w := wireMessage{From: c.from, To: []string{m.To}, Subject: m.Subject, Text: m.TextBody, HTML: m.HTMLBody, Tags: m.Tags}
	if m.BCC != "" {
		w.BCC = []string{m.BCC}
	}
	for _, a := range m.Attachments {
		w.Attachments = append(w.Attachments, wireAttachment{
			Filename: a.Filename, ContentType: a.ContentType,
			Content: base64.StdEncoding.EncodeToString(a.Content),
		})
	}
	body, err := json.Marshal(w)
	if err != nil {
		return Result{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/messages", bytes.NewReader(body))
	if err != nil {
		return Result{}, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return Result{}, fmt.Errorf("email: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return Result{}, fmt.Errorf("email: provider returned %d: %s", resp.StatusCode, raw)
	}
	var out Result
	if err := json.Unmarshal(raw, &out); err != nil {
		return Result{}, fmt.Errorf("email: decode: %w", err)
	}
	return out, nil
}
