// Package regulator is the client for the energy regulator's reporting API.
//
// The regulator de-duplicates submissions on the X-Submission-Id header:
// a repeat POST with an ID it has seen in the last 30 days returns the
// original receipt with 200 instead of creating a new filing (201).
package regulator

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gridwise-energy/energysettle/internal/platform/retry"
)

// Report is a report body. Payload is report-type specific.
type Report struct {
	ReportType    string `json:"report_type"`
	ReportDate    string `json:"report_date"`
	ParticipantID string `json:"participant_id"`
	Payload       any    `json:"payload"`
}

// Receipt is returned for an accepted submission.
type Receipt struct {
	ReceiptID  string    `json:"receipt_id"`
	ReceivedAt time.Time `json:"received_at"`
	Status     string    `json:"status"`
	Duplicate  bool      `json:"-"`
}

// ValidationError is returned when the regulator rejects the content.
type ValidationError struct {
	Status int
	Issues []string
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("regulator: rejected (%d): %v", e.Status, e.Issues)
}

// IsValidation reports whether err is a content rejection.
func IsValidation(err error) bool {
	var v *ValidationError
	return errors.As(err, &v)
}

// Client submits reports.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
	log     *slog.Logger
}

// New builds a Client.
func New(baseURL, apiKey string, httpClient *http.Client, log *slog.Logger) *Client {
	if httpClient == nil {
		httpClient = &http.Client{Timeout: 30 * time.Second}
	}
	if log == nil {
		log = slog.Default()
	}
	return &Client{baseURL: baseURL, apiKey: apiKey, http: httpClient, log: log}
}

// SubmitOption configures a submission.
type SubmitOption func(*submitOptions)

type submitOptions struct {
	submissionID string
}

// WithSubmissionID sets X-Submission-Id.
func WithSubmissionID(id string) SubmitOption {
	return func(o *submitOptions) { o.submissionID = id }
}

// SubmitReport files a report.
func (c *Client) SubmitReport(ctx context.Context, r Report, opts ...SubmitOption) (*Receipt, error) {
	return c.post(ctx, "/v1/reports", r, opts)
}

// SubmitAmendment files a corrected version of an earlier report,
// identified by its receipt.
func (c *Client) SubmitAmendment(ctx context.Context, originalReceipt string, r Report, reason string, opts ...SubmitOption) (*Receipt, error) {
	body := map[string]any{"report": r, "reason": reason}
	return c.post(ctx, "/v1/reports/"+originalReceipt+"/amendments", body, opts)
}

func (c *Client) post(ctx context.Context, path string, body any, opts []SubmitOption) (*Receipt, error) {
	var so submitOptions
	for _, o := range opts {
		o(&so)
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	send := func() (*Receipt, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return nil, retry.Permanent(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Api-Key", c.apiKey)
		if so.submissionID != "" {
			req.Header.Set("X-Submission-Id", so.submissionID)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		switch {
		case resp.StatusCode == http.StatusCreated || resp.StatusCode == http.StatusOK:
			var rc Receipt
			if err := json.Unmarshal(raw, &rc); err != nil {
				return nil, retry.Permanent(fmt.Errorf("regulator: decode receipt: %w", err))
			}
			rc.Duplicate = resp.StatusCode == http.StatusOK
			return &rc, nil
		case resp.StatusCode == http.StatusBadRequest || resp.StatusCode == http.StatusUnprocessableEntity:
			var env struct {
				Issues []string `json:"issues"`
			}
			_ = json.Unmarshal(raw, &env)
			return nil, retry.Permanent(&ValidationError{Status: resp.StatusCode, Issues: env.Issues})
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
			return nil, fmt.Errorf("regulator: %s: %d", path, resp.StatusCode)
		default:
			return nil, retry.Permanent(fmt.Errorf("regulator: %s: unexpected %d: %s", path, resp.StatusCode, string(raw)))
		}
	}
	if so.submissionID == "" {
		// Without a submission ID a repeat would file twice; leave retrying
		// to the caller.
		rc, err := send()
		return rc, unwrap(err)
	}
	rc, err := retry.DoValue(ctx, retry.Outbound, send)
	return rc, unwrap(err)
}

func unwrap(err error) error {
	if err == nil {
		return nil
	}
	if retry.IsPermanent(err) {
		if u, ok := err.(interface{ Unwrap() error }); ok {
			return u.Unwrap()
		}
	}
	return err
}
