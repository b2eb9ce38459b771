// Package bureau is a client for the credit bureau partner's reports API.
package bureau

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/ids"
)

type Client struct {
	baseURL  string
	apiKey   string
	http     *http.Client
	attempts uint
	delay    time.Duration
	log      *zap.Logger
}

func New(apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL:  "https://api.bureau.example/v2",
		apiKey:   apiKey,
		http:     &http.Client{Timeout: 20 * time.Second},
		attempts: 3,
		delay:    300 * time.Millisecond,
		log:      zap.NewNop(),
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Purpose values accepted by the bureau.
const (
	PurposeCreditApplication = "credit_application"
	PurposeLimitReview       = "limit_review"
)

type ReportRequest struct {
	SubjectID   string `json:"subject_id"`
	Purpose     string `json:"purpose"`
	Pull        string `json:"pull"` // "hard" or "soft"
	AmountCents int64  `json:"amount_cents,omitempty"`
	Reference   string `json:"reference,omitempty"`
	CallbackURL string `json:"callback_url,omitempty"`
}

type ReportResponse struct {
	ReportRef string `json:"report_ref"`
	Status    string `json:"status"` // "pending" (callback follows) or "complete"
	Score     *int   `json:"score,omitempty"`
	Decision  string `json:"decision,omitempty"`
	MaxCents  int64  `json:"max_cents,omitempty"`
}

type APIError struct {
	Status int
	Code   string `json:"code"`
	Msg    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("bureau: %d %s: %s", e.Status, e.Code, e.Msg)
}

func (e *APIError) temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// RequestReport asks the bureau to run a report on a subject.
func (c *Client) RequestReport(ctx context.Context, req ReportRequest, opts ...CallOption) (*ReportResponse, error) {
	var co callOptions
	for _, o := range opts {
		o(&co)
	}
	if co.callbackURL != "" {
		req.CallbackURL = co.callbackURL
	}
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}

	var out ReportResponse
	err = retry.Do(
		func() error {
			return c.post(ctx, "/reports", body, co.idempotencyKey, &out)
		},
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(c.delay),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.RetryIf(func(err error) bool {
			var apiErr *APIError
			if errors.As(err, &apiErr) {
				return apiErr.temporary()
			}
			return !errors.Is(err, context.Canceled)
		}),
		retry.OnRetry(func(n uint, err error) {
			c.log.Warn("bureau request retry", zap.Uint("attempt", n+1), zap.Error(err))
		}),
	)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) post(ctx context.Context, path string, body []byte, idemKey string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return retry.Unrecoverable(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Request-Id", ids.Short())
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	return json.Unmarshal(raw, out)
}
