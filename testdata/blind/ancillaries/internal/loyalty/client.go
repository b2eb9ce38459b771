// Package loyalty is the client for the partner frequent-flyer programme.
//
// POST /accruals honours an Idempotency-Key header (72h window): a repeated
// key returns the original accrual. Batch files are keyed by batchId; a
// repeated batchId answers 409 with the receipt of the first upload.
package loyalty

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Client calls the partner programme API.
type Client struct {
	baseURL     string
	partnerCode string
	apiKey      string
	http        *http.Client
}

// ClientOption configures a Client.
type ClientOption func(*Client)

// WithHTTPClient overrides the HTTP client.
func WithHTTPClient(h *http.Client) ClientOption { return func(c *Client) { c.http = h } }

// WithPartnerCode sets the airline partner code.
func WithPartnerCode(code string) ClientOption { return func(c *Client) { c.partnerCode = code } }

// WithAPIKey sets the API key.
func WithAPIKey(k string) ClientOption { return func(c *Client) { c.apiKey = k } }

// NewClient creates a Client.
func NewClient(baseURL string, opts ...ClientOption) *Client {
	c := &Client{
		baseURL: strings.TrimRight(baseURL, "/"),
		http:    &http.Client{Timeout: 15 * time.Second},
	}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

// CallOption customises one request.
type CallOption func(*http.Request)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(r *http.Request) { r.Header.Set("Idempotency-Key", key) }
}

// WithCorrelationID sets X-Correlation-Id for partner-side tracing.
func WithCorrelationID(id string) CallOption {
	return func(r *http.Request) { r.Header.Set("X-Correlation-Id", id) }
}

// AccrualRequest credits miles to a member.
type AccrualRequest struct {
	MemberNumber      string    `json:"memberNumber"`
	Miles             int       `json:"miles"`
	ActivityDate      time.Time `json:"activityDate"`
	ActivityType      string    `json:"activityType"`
	Description       string    `json:"description"`
	ExternalReference string    `json:"externalReference,omitempty"`
}

// Receipt is the partner's acknowledgement of an accrual.
type Receipt struct {
	TransactionID string    `json:"transactionId"`
	Status        string    `json:"status"`
	PostedAt      time.Time `json:"postedAt"`
}

// ErrMemberUnknown is returned when the member number does not exist.
var ErrMemberUnknown = errors.New("loyalty: unknown member")

// Accrue credits miles to a member.
func (c *Client) Accrue(ctx context.Context, req AccrualRequest, opts ...CallOption) (Receipt, error) {
	var out Receipt
	err := c.post(ctx, "/v1/partners/"+c.partnerCode+"/accruals", req, &out, opts...)
	return out, err
}

// BatchLine is one accrual inside a nightly batch.
type BatchLine struct {
	MemberNumber  string `json:"memberNumber"`
	Miles         int    `json:"miles"`
	TransactionID string `json:"transactionId"`
	Reference     string `json:"reference"`
}

// Batch is a nightly reconciliation file.
type Batch struct {
	BatchID      string      `json:"batchId"`
	BusinessDate string      `json:"businessDate"`
	Lines        []BatchLine `json:"lines"`
}

// BatchReceipt acknowledges a batch.
type BatchReceipt struct {
	BatchID    string `json:"batchId"`
	Reference  string `json:"reference"`
	LineCount  int    `json:"lineCount"`
	Duplicated bool   `json:"-"`
}

// UploadBatch sends a reconciliation batch. A batch that was already
// received is reported with Duplicated set.
func (c *Client) UploadBatch(ctx context.Context, b Batch, opts ...CallOption) (BatchReceipt, error) {
	var out BatchReceipt
	err := c.post(ctx, "/v1/partners/"+c.partnerCode+"/batches", b, &out, opts...)
	var se *StatusError
	if errors.As(err, &se) && se.Status == http.StatusConflict {
		if jerr := json.Unmarshal(se.Body, &out); jerr == nil {
			out.Duplicated = true
			return out, nil
		}
	}
	return out, err
}

// StatusError is a non-2xx response.
type StatusError struct {
	Status int
	Body   []byte
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("loyalty: status %d: %s", e.Status, bytes.TrimSpace(e.Body))
}

// Retryable reports whether the error is worth another attempt.
func Retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Status >= 500 || se.Status == http.StatusTooManyRequests
	}
	return !errors.Is(err, ErrMemberUnknown) && !errors.Is(err, context.Canceled)
}

func (c *Client) post(ctx context.Context, path string, in, out any, opts ...CallOption) error {
	buf, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(buf))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	for _, opt := range opts {
		opt(req)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("loyalty: %s: %w", path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return ErrMemberUnknown
	case resp.StatusCode >= 300:
		return &StatusError{Status: resp.StatusCode, Body: raw}
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}
