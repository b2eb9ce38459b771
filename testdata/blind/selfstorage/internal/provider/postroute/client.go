// Package postroute mails printed letters (certified lien notices). The
// letters endpoint honours an Idempotency-Key header for 30 days.
package postroute

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

type Client struct {
	base   string
	apiKey string
	hc     *http.Client
}

func New(baseURL, apiKey string, timeout time.Duration) *Client {
	return &Client{base: baseURL, apiKey: apiKey, hc: &http.Client{Timeout: timeout}}
}

type Address struct {
	Name    string `json:"name"`
	Line1   string `json:"line1"`
	Line2   string `json:"line2,omitempty"`
	City    string `json:"city"`
	State   string `json:"state"`
	Postal  string `json:"postal_code"`
	Country string `json:"country"`
}

type Letter struct {
	To        Address           `json:"to"`
	Template  string            `json:"template"`
	Merge     map[string]string `json:"merge_variables"`
	Certified bool              `json:"certified"`
}

type LetterResult struct {
	ID       string `json:"id"`
	Tracking string `json:"tracking_number"`
}

// SendLetter submits a letter for printing and mailing.
func (c *Client) SendLetter(ctx context.Context, l Letter, idempotencyKey string) (*LetterResult, error) {
	b, err := json.Marshal(l)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/letters", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("postroute: http %d: %s", resp.StatusCode, data)
	}
	var out LetterResult
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
