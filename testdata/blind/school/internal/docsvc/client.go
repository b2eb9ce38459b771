// Package docsvc is a client for the document rendering service that
// produces signed visa support letters.
//
// Letter requests carry a client_reference; the service keeps one request per
// client_reference and returns it again when the reference is reused.
// Results are delivered asynchronously to our SQS callback queue.
package docsvc

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Client calls the document service.
type Client struct {
	baseURL string
	token   string
	http    *http.Client
}

// New builds a client.
func New(baseURL, token string) *Client {
	return &Client{baseURL: baseURL, token: token, http: &http.Client{Timeout: 15 * time.Second}}
}

// LetterRequest asks for a rendered, signed letter.
type LetterRequest struct {
	ClientReference string            `json:"client_reference"`
	Template        string            `json:"template"`
	Locale          string            `json:"locale"`
	Fields          map[string]string `json:"fields"`
	CallbackQueue   string            `json:"callback_queue,omitempty"`
	Sign            bool              `json:"sign"`
}

// LetterResponse is the accepted request.
type LetterResponse struct {
	RequestID       string    `json:"request_id"`
	ClientReference string    `json:"client_reference"`
	Status          string    `json:"status"`
	AcceptedAt      time.Time `json:"accepted_at"`
}

// RequestLetter submits a letter for rendering.
func (c *Client) RequestLetter(ctx context.Context, lr LetterRequest) (LetterResponse, error) {
	var out LetterResponse
	buf, err := json.Marshal(lr)
	if err != nil {
		return out, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/api/letters", bytes.NewReader(buf))
	if err != nil {
		return out, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return out, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 256<<10))
	if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusOK {
		return out, fmt.Errorf("docsvc: request letter: %d %s", resp.StatusCode, raw)
	}
	return out, json.Unmarshal(raw, &out)
}

// Download fetches a rendered document.
func (c *Client) Download(ctx context.Context, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("docsvc: download: %d", resp.StatusCode)
	}
	return io.ReadAll(io.LimitReader(resp.Body, 20<<20))
}
