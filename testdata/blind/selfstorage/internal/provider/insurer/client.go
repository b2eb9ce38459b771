// Package insurer is the client for the tenant-protection partner that
// underwrites the contents coverage sold at move-in or later.
//
// POST /policies honours an Idempotency-Key header: a repeated key within 48
// hours returns the policy created by the first request. Cancelling an already
// cancelled policy returns 200.
package insurer

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
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

// RequestOption decorates an outgoing request.
type RequestOption func(*http.Request)

// WithIdempotencyKey sets the partner's Idempotency-Key header.
func WithIdempotencyKey(key string) RequestOption {
	return func(r *http.Request) { r.Header.Set("Idempotency-Key", key) }
}

// WithCorrelationID tags the request for the partner's support logs.
func WithCorrelationID(id string) RequestOption {
	return func(r *http.Request) { r.Header.Set("X-Correlation-Id", id) }
}

type Holder struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	Phone string `json:"phone,omitempty"`
}

type PolicyRequest struct {
	TenantRef     string    `json:"tenant_ref"`
	LocationRef   string    `json:"location_ref"`
	UnitRef       string    `json:"unit_ref"`
	PlanCode      string    `json:"plan_code"`
	CoverageCents int64     `json:"coverage_cents"`
	StartDate     string    `json:"start_date"`
	Holder        Holder    `json:"holder"`
	RequestedAt   time.Time `json:"requested_at"`
}

type Policy struct {
	ID           string `json:"id"`
	Status       string `json:"status"`
	PremiumCents int64  `json:"premium_cents"`
	Certificate  string `json:"certificate_url"`
}

// CreatePolicy binds a new policy.
func (c *Client) CreatePolicy(ctx context.Context, req PolicyRequest, opts ...RequestOption) (*Policy, error) {
	var out Policy
	if err := c.do(ctx, http.MethodPost, "/policies", req, opts, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CancelPolicy cancels a policy as of the given date.
func (c *Client) CancelPolicy(ctx context.Context, policyID string, effective time.Time) error {
	body := map[string]string{"effective_date": effective.Format("2006-01-02")}
	return c.do(ctx, http.MethodPost, "/policies/"+url.PathEscape(policyID)+"/cancel", body, nil, nil)
}

// Event is a policy status notification.
type Event struct {
	ID           string    `json:"id"`
	Type         string    `json:"type"`
	PolicyID     string    `json:"policy_id"`
	Status       string    `json:"status"`
	PremiumCents int64     `json:"premium_cents"`
	Period       string    `json:"period,omitempty"`
	OccurredAt   time.Time `json:"occurred_at"`
}

// ParseEvent checks the X-CoverBay-Signature HMAC and decodes the body.
func ParseEvent(body []byte, signature, secret string) (*Event, error) {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return nil, errors.New("insurer: bad signature")
	}
	var ev Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return nil, fmt.Errorf("insurer: decode event: %w", err)
	}
	if ev.ID == "" || ev.PolicyID == "" {
		return nil, errors.New("insurer: event missing id")
	}
	return &ev, nil
}

type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string   { return fmt.Sprintf("insurer: http %d: %s", e.Status, e.Body) }
func (e *APIError) Temporary() bool { return e.Status >= 500 || e.Status == http.StatusTooManyRequests }

func (c *Client) do(ctx context.Context, method, path string, body any, opts []RequestOption, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	for _, o := range opts {
		o(req)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return &APIError{Status: resp.StatusCode, Body: string(data)}
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}
