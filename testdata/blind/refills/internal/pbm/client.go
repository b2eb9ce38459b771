// Package pbm is the REST client for the pharmacy benefit manager's
// switch: eligibility, claim billing and reversal, prior authorization and
// remittance.
package pbm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

type Config struct {
	BaseURL  string
	APIKey   string
	VendorID string
	Timeout  time.Duration
	Attempts uint
}

type Client struct {
	cfg  Config
	http *http.Client
}

func NewClient(cfg Config) *Client {
	if cfg.Attempts == 0 {
		cfg.Attempts = 3
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 12 * time.Second
	}
	return &Client{cfg: cfg, http: &http.Client{Timeout: cfg.Timeout}}
}

// APIError is a non-2xx answer from the switch.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Msg    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("pbm: %d %s: %s", e.Status, e.Code, e.Msg)
}

// Temporary reports whether the request may succeed if sent again.
func (e *APIError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

func isRetryable(err error) bool {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.Temporary()
	}
	// Transport errors and timeouts.
	return !errors.Is(err, context.Canceled)
}

func (c *Client) retryOpts(ctx context.Context) []retry.Option {
	return []retry.Option{
		retry.Context(ctx),
		retry.Attempts(c.cfg.Attempts),
		retry.Delay(250 * time.Millisecond),
		retry.MaxDelay(3 * time.Second),
		retry.DelayType(retry.BackOffDelay),
		retry.RetryIf(isRetryable),
		retry.LastErrorOnly(true),
	}
}

func (c *Client) send(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("pbm: encode %s: %w", path, err)
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.cfg.BaseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	req.Header.Set("X-Vendor-Id", c.cfg.VendorID)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("pbm: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("pbm: read %s: %w", path, err)
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("pbm: decode %s: %w", path, err)
	}
	return nil
}

// call wraps send in the client's retry policy.
func call[T any](ctx context.Context, c *Client, method, path string, in any) (*T, error) {
	return retry.DoWithData(func() (*T, error) {
		var out T
		if err := c.send(ctx, method, path, in, &out); err != nil {
			return nil, err
		}
		return &out, nil
	}, c.retryOpts(ctx)...)
}

func (c *Client) CheckEligibility(ctx context.Context, req EligibilityRequest) (*EligibilityResponse, error) {
	return call[EligibilityResponse](ctx, c, http.MethodPost, "/eligibility", req)
}

// SubmitClaim bills a claim. Safe to resend with the same ClaimReference.
func (c *Client) SubmitClaim(ctx context.Context, req ClaimRequest) (*ClaimResponse, error) {
	if req.ClaimReference == "" {
		return nil, errors.New("pbm: claim reference is required")
	}
	return call[ClaimResponse](ctx, c, http.MethodPost, "/claims", req)
}

func (c *Client) ClaimStatus(ctx context.Context, claimReference string) (*ClaimResponse, error) {
	return call[ClaimResponse](ctx, c, http.MethodGet, "/claims/"+url.PathEscape(claimReference), nil)
}

type reversalRequest struct {
	ReversalReference string `json:"reversal_reference"`
	Reason            string `json:"reason"`
}

// ReverseClaim sends a B2 reversal for a paid claim. The switch keys
// reversals on reversal_reference.
func (c *Client) ReverseClaim(ctx context.Context, claimReference, reason string) (*ReversalResponse, error) {
	path := "/claims/" + url.PathEscape(claimReference) + "/reversals"
	return retry.DoWithData(func() (*ReversalResponse, error) {
		req := reversalRequest{
			ReversalReference: uuid.NewString(),
			Reason:            reason,
		}
		var out ReversalResponse
		if err := c.send(ctx, http.MethodPost, path, req, &out); err != nil {
			return nil, err
		}
		return &out, nil
	}, c.retryOpts(ctx)...)
}

// SubmitPriorAuth opens a prior authorization case with the plan.
func (c *Client) SubmitPriorAuth(ctx context.Context, req PriorAuthRequest) (*PriorAuthResponse, error) {
	return call[PriorAuthResponse](ctx, c, http.MethodPost, "/prior-authorizations", req)
}

func (c *Client) ListRemittances(ctx context.Context, since time.Time) ([]RemittanceSummary, error) {
	q := url.Values{"since": {since.Format(time.DateOnly)}}
	out, err := call[struct {
		Data []RemittanceSummary `json:"data"`
	}](ctx, c, http.MethodGet, "/remittances?"+q.Encode(), nil)
	if err != nil {
		return nil, err
	}
	return out.Data, nil
}

func (c *Client) GetRemittance(ctx context.Context, batchID string) (*Remittance, error) {
	return call[Remittance](ctx, c, http.MethodGet, "/remittances/"+url.PathEscape(batchID), nil)
}
