// Package render calls the certificate rendering service, which turns a
// template and data into a stored PDF.
package render

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/terravault/carbonreg/internal/retryx"
)

// Document is a rendered PDF.
type Document struct {
	DocumentID string `json:"document_id"`
	URL        string `json:"url"`
	SHA256     string `json:"sha256"`
}

// Job describes one render. The service returns the existing document when it
// has already rendered one with the same ClientReference.
type Job struct {
	Template        string         `json:"template"`
	ClientReference string         `json:"client_reference"`
	Locale          string         `json:"locale,omitempty"`
	Data            map[string]any `json:"data"`
}

// Renderer renders documents.
type Renderer interface {
	Render(ctx context.Context, job Job) (*Document, error)
}

// Client is the HTTP Renderer.
type Client struct {
	base  string
	token string
	http  *http.Client
}

// New returns a renderer client.
func New(base, token string) *Client {
	return &Client{base: base, token: token, http: &http.Client{Timeout: 60 * time.Second}}
}

func (c *Client) Render(ctx context.Context, job Job) (*Document, error) {
	body, err := json.Marshal(job)
	if err != nil {
		return nil, err
	}
	return retryx.Do(ctx, 3, func() (*Document, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/v1/documents", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.http.Do(req)
		if err != nil {
			return nil, retryx.Transient{Err: err}
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return nil, retryx.Transient{Err: fmt.Errorf("render: status %d", resp.StatusCode)}
		}
		if resp.StatusCode >= 300 {
			msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
			return nil, fmt.Errorf("render: status %d: %s", resp.StatusCode, msg)
		}
		var doc Document
		if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil {
			return nil, fmt.Errorf("render: decode: %w", err)
		}
		return &doc, nil
	})
}
