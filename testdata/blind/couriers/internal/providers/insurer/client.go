// Package insurer is the client for the cooperative's accident insurer
// (RideCover partner API v2). Enrollment and remittance POSTs accept an
// Idempotency-Key header; the insurer keeps keys for 7 days.
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
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
	"go.uber.org/fx"

	"github.com/spokechain/courierpay/internal/config"
)

// EnrollRequest enrolls one courier on a group plan.
type EnrollRequest struct {
	PlanCode  string `json:"plan_code"`
	FullName  string `json:"full_name"`
	Phone     string `json:"phone"`
	StartDate string `json:"start_date"`
	Weekly    int64  `json:"weekly_premium_cents"`
}

// Member is the insurer's view of an enrolled courier.
type Member struct {
	MemberID string `json:"member_id"`
	PlanCode string `json:"plan_code"`
	Status   string `json:"status"`
}

// RemittanceRequest remits a month of pooled premiums for one plan.
type RemittanceRequest struct {
	PlanCode    string `json:"plan_code"`
	PeriodMonth string `json:"period_month"` // YYYY-MM
	MemberCount int32  `json:"member_count"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	Reference   string `json:"reference"`
}

// RemittanceReceipt acknowledges a remittance.
type RemittanceReceipt struct {
	RemittanceID string `json:"remittance_id"`
	Status       string `json:"status"`
}

// APIError is a non-2xx answer from the insurer.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("insurer: %d %s: %s", e.Status, e.Code, e.Detail)
}

// Client talks to the insurer's API.
type Client struct {
	http         *retryablehttp.Client
	baseURL      string
	apiKey       string
	log          *slog.Logger
	newRequestID func() string
}

// New builds the client. retryablehttp retries connection errors and 5xx
// with the same request, headers included.
func New(cfg config.Config, log *slog.Logger) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.RetryWaitMin = 500 * time.Millisecond
	rc.RetryWaitMax = 5 * time.Second
	rc.HTTPClient.Timeout = cfg.InsurerTimeout
	rc.Logger = nil
	return &Client{
		http:         rc,
		baseURL:      strings.TrimRight(cfg.InsurerBaseURL, "/"),
		apiKey:       cfg.InsurerAPIKey,
		log:          log.With("provider", "insurer"),
		newRequestID: uuid.NewString,
	}
}

// EnrollMember creates a member on the plan.
func (c *Client) EnrollMember(ctx context.Context, in EnrollRequest) (Member, error) {
	var m Member
	err := c.post(ctx, "/members", c.newRequestID(), in, &m)
	return m, err
}

// SubmitRemittance posts a premium remittance. key is sent as the
// Idempotency-Key.
func (c *Client) SubmitRemittance(ctx context.Context, key string, in RemittanceRequest) (RemittanceReceipt, error) {
	var r RemittanceReceipt
	err := c.post(ctx, "/remittances", key, in, &r)
	return r, err
}

func (c *Client) post(ctx context.Context, path, idempotencyKey string, body, out any) error {
	buf, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(buf))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("insurer: POST %s: %w", path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("insurer: read %s: %w", path, err)
	}
	if resp.StatusCode/100 != 2 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(data, apiErr)
		return apiErr
	}
	c.log.Debug("insurer call ok", "path", path, "status", resp.StatusCode)
	if out == nil {
		return nil
	}
	return json.Unmarshal(data, out)
}

// ErrBadSignature is returned by VerifySignature.
var ErrBadSignature = errors.New("insurer: bad webhook signature")

// VerifySignature checks the X-RideCover-Signature header, a hex HMAC-SHA256
// of the raw body.
func VerifySignature(secret string, body []byte, header string) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(strings.TrimPrefix(header, "sha256="))
	if err != nil || !hmac.Equal(want, got) {
		return ErrBadSignature
	}
	return nil
}

// Module provides the insurer client.
var Module = fx.Module("insurer", fx.Provide(New))
