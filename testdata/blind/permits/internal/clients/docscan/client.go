// Package docscan is the client for the document-scanning partner. Uploaded
// plans and site documents are submitted for virus, completeness and code
// checks; results arrive later on our webhook.
package docscan

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"time"
)

// Scanner submits documents for scanning.
type Scanner interface {
	Submit(ctx context.Context, req SubmitRequest) (*Scan, error)
}

// SubmitRequest is one document to scan.
type SubmitRequest struct {
	Filename    string
	ContentType string
	Content     []byte
	Profile     string
	Reference   string
}

// Scan is the partner's scan job.
type Scan struct {
	ID        string    `json:"scan_id"`
	Status    string    `json:"status"`
	Reference string    `json:"reference"`
	CreatedAt time.Time `json:"created_at"`
}

// Option configures the Client.
type Option func(*Client)

// WithHTTPClient overrides the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithCallbackURL sets where the partner posts results.
func WithCallbackURL(u string) Option { return func(c *Client) { c.callbackURL = u } }

// WithDefaultProfile sets the scan profile used when a request has none.
func WithDefaultProfile(p string) Option { return func(c *Client) { c.profile = p } }

// Client is the partner's HTTP API client.
type Client struct {
	baseURL     string
	apiKey      string
	http        *http.Client
	callbackURL string
	profile     string
}

var _ Scanner = (*Client)(nil)

// New builds a Client.
func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL: strings.TrimRight(baseURL, "/"),
		apiKey:  apiKey,
		http:    &http.Client{Timeout: 60 * time.Second},
		profile: "municipal-permits",
	}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

// Submit uploads a document and starts a scan. Each accepted submission is a
// separate, billed scan job.
func (c *Client) Submit(ctx context.Context, req SubmitRequest) (*Scan, error) {
	profile := req.Profile
	if profile == "" {
		profile = c.profile
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("profile", profile)
	if req.Reference != "" {
		_ = mw.WriteField("reference", req.Reference)
	}
	if c.callbackURL != "" {
		_ = mw.WriteField("callback_url", c.callbackURL)
	}
	h := make(textproto.MIMEHeader)
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="file"; filename=%q`, req.Filename))
	h.Set("Content-Type", req.ContentType)
	part, err := mw.CreatePart(h)
	if err != nil {
		return nil, fmt.Errorf("docscan: create part: %w", err)
	}
	if _, err := part.Write(req.Content); err != nil {
		return nil, fmt.Errorf("docscan: write part: %w", err)
	}
	if err := mw.Close(); err != nil {
		return nil, fmt.Errorf("docscan: close multipart: %w", err)
	}

	httpReq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/scans", &buf)
	if err != nil {
		return nil, fmt.Errorf("docscan: build request: %w", err)
	}
	httpReq.Header.Set("Content-Type", mw.FormDataContentType())
	var out Scan
	if err := c.do(httpReq, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) do(req *http.Request, out any) error {
	req.Header.Set("X-Api-Key", c.apiKey)
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("docscan: %s %s: %w", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		return fmt.Errorf("docscan: %s %s: status %d: %s", req.Method, req.URL.Path, resp.StatusCode, strings.TrimSpace(string(b)))
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// Callback is the body the partner posts to our webhook when a scan ends.
type Callback struct {
	CallbackID  string            `json:"callback_id"`
	ScanID      string            `json:"scan_id"`
	Reference   string            `json:"reference"`
	Status      string            `json:"status"`
	Findings    []CallbackFinding `json:"findings"`
	CompletedAt time.Time         `json:"completed_at"`
}

// CallbackFinding is one finding in a Callback.
type CallbackFinding struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Page     *int   `json:"page,omitempty"`
	Message  string `json:"message"`
}

// VerifyCallback checks the X-Docscan-Signature header (hex HMAC-SHA256 of
// the body).
func VerifyCallback(secret []byte, signature string, body []byte) bool {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	got, err := hex.DecodeString(strings.TrimPrefix(signature, "sha256="))
	if err != nil {
		return false
	}
	return hmac.Equal(mac.Sum(nil), got)
}
