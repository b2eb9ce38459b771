package payer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Client talks to the payer gateway.
type Client struct {
	baseURL        string
	apiKey         string
	http           *http.Client
	defaultTimeout time.Duration
}

// ClientOption configures the Client.
type ClientOption func(*Client)

// WithHTTPClient replaces the underlying http.Client.
func WithHTTPClient(h *http.Client) ClientOption { return func(c *Client) { c.http = h } }

// WithDefaultTimeout sets the per-call timeout used when a call sets none.
func WithDefaultTimeout(d time.Duration) ClientOption {
	return func(c *Client) { c.defaultTimeout = d }
}

// NewClient builds a gateway client.
func NewClient(baseURL, apiKey string, opts ...ClientOption) *Client {
	c := &Client{
		baseURL:        baseURL,
		apiKey:         apiKey,
		http:           &http.Client{Transport: http.DefaultTransport},
		defaultTimeout: 20 * time.Second,
	}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

// Error is a non-2xx gateway response.
type Error struct {
	Status    int    `json:"-"`
	Code      string `json:"code"`
	Message   string `json:"message"`
	Retryable bool   `json:"retryable"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("payer gateway %d %s: %s", e.Status, e.Code, e.Message)
}

// IsRejected reports whether err is a definitive payer rejection that will
// not succeed on retry.
func IsRejected(err error) bool {
	var ge *Error
	return errors.As(err, &ge) && ge.Status >= 400 && ge.Status < 500 && !ge.Retryable
}

func (c *Client) do(ctx context.Context, method, path string, body, out any, opts []CallOption) error {
	o := collect(c.defaultTimeout, opts)
	if o.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.timeout)
		defer cancel()
	}
	var rdr io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("encode %s: %w", path, err)
		}
		rdr = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, rdr)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}
	if o.traceID != "" {
		req.Header.Set("X-Trace-Id", o.traceID)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("payer gateway %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("read gateway response: %w", err)
	}
	if resp.StatusCode >= 300 {
		ge := &Error{Status: resp.StatusCode}
		if jerr := json.Unmarshal(raw, ge); jerr != nil || ge.Code == "" {
			ge.Code = http.StatusText(resp.StatusCode)
			ge.Message = string(raw)
		}
		ge.Retryable = ge.Retryable || resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests
		return ge
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("decode %s: %w", path, err)
		}
	}
	return nil
}

// SubmitClaim transmits an 837P to the payer.
func (c *Client) SubmitClaim(ctx context.Context, req ClaimSubmission, opts ...CallOption) (*SubmissionAck, error) {
	var ack SubmissionAck
	if err := c.do(ctx, http.MethodPost, "/v2/claims", req, &ack, opts); err != nil {
		return nil, err
	}
	return &ack, nil
}

// VoidClaim sends a frequency-8 void for a previously accepted claim.
func (c *Client) VoidClaim(ctx context.Context, req VoidRequest, opts ...CallOption) (*VoidAck, error) {
	var ack VoidAck
	if err := c.do(ctx, http.MethodPost, "/v2/claims/voids", req, &ack, opts); err != nil {
		return nil, err
	}
	return &ack, nil
}

// SubmitAppeal files a reconsideration request.
func (c *Client) SubmitAppeal(ctx context.Context, req AppealRequest, opts ...CallOption) (*AppealAck, error) {
	var ack AppealAck
	if err := c.do(ctx, http.MethodPost, "/v2/appeals", req, &ack, opts); err != nil {
		return nil, err
	}
	return &ack, nil
}

// WithdrawAppeal withdraws a filed appeal.
func (c *Client) WithdrawAppeal(ctx context.Context, payerAppealRef, reason string, opts ...CallOption) error {
	body := map[string]string{"reason": reason}
	return c.do(ctx, http.MethodPost, "/v2/appeals/"+payerAppealRef+"/withdrawal", body, nil, opts)
}

// SendAttachment transmits a 275 attachment referencing a claim's PWK segment.
func (c *Client) SendAttachment(ctx context.Context, req AttachmentRequest, opts ...CallOption) (*AttachmentAck, error) {
	var ack AttachmentAck
	if err := c.do(ctx, http.MethodPost, "/v2/attachments", req, &ack, opts); err != nil {
		return nil, err
	}
	return &ack, nil
}

// CheckEligibility runs a real-time 270/271 inquiry.
func (c *Client) CheckEligibility(ctx context.Context, req EligibilityRequest, opts ...CallOption) (*EligibilityResponse, error) {
	var out EligibilityResponse
	if err := c.do(ctx, http.MethodPost, "/v2/eligibility", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}
