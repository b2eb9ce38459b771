// Package accounting is a client for the club's accounting SaaS (general
// ledger). Journal entries are created with POST /journal-entries; the API
// honours an Idempotency-Key header for 24 hours and returns the original
// entry for a repeated key.
package accounting

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
	"strconv"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Ledger is what services depend on.
type Ledger interface {
	CreateJournalEntry(ctx context.Context, je JournalEntry) (*JournalEntryResult, error)
	GetJournalEntry(ctx context.Context, id string) (*JournalEntryResult, error)
}

// JournalEntry is a balanced set of lines posted to the general ledger.
type JournalEntry struct {
	// ExternalID is our reference for the entry. It is sent as the
	// Idempotency-Key so the ledger collapses repeated submissions.
	ExternalID string        `json:"external_id"`
	Date       string        `json:"date"` // YYYY-MM-DD
	Memo       string        `json:"memo"`
	Lines      []JournalLine `json:"lines"`
}

type JournalLine struct {
	AccountCode string `json:"account_code"`
	Description string `json:"description"`
	DebitCents  int64  `json:"debit_cents,omitempty"`
	CreditCents int64  `json:"credit_cents,omitempty"`
}

type JournalEntryResult struct {
	ID         string `json:"id"`
	ExternalID string `json:"external_id"`
	Status     string `json:"status"`
	Number     int64  `json:"number"`
}

// Balanced reports whether debits equal credits.
func (je JournalEntry) Balanced() bool {
	var d, c int64
	for _, l := range je.Lines {
		d += l.DebitCents
		c += l.CreditCents
	}
	return d == c && d > 0
}

// Client talks to the ledger API.
type Client struct {
	baseURL    string
	token      string
	tenantID   string
	http       *http.Client
	newBackOff func() backoff.BackOff
}

// Config configures a Client.
type Config struct {
	BaseURL  string
	Token    string
	TenantID string
	Timeout  time.Duration
}

// New builds a Client with exponential backoff on 429 and 5xx.
func New(cfg Config) *Client {
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 15 * time.Second
	}
	return &Client{
		baseURL:  cfg.BaseURL,
		token:    cfg.Token,
		tenantID: cfg.TenantID,
		http:     &http.Client{Timeout: timeout},
		newBackOff: func() backoff.BackOff {
			b := backoff.NewExponentialBackOff()
			b.InitialInterval = 300 * time.Millisecond
			b.MaxElapsedTime = 45 * time.Second
			return backoff.WithMaxRetries(b, 6)
		},
	}
}

// APIError is a non-2xx response from the ledger.
type APIError struct {
	Status  int
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("accounting api: %d %s: %s", e.Status, e.Code, e.Message)
}

func (c *Client) CreateJournalEntry(ctx context.Context, je JournalEntry) (*JournalEntryResult, error) {
	if !je.Balanced() {
		return nil, errors.New("accounting: journal entry does not balance")
	}
	body, err := json.Marshal(je)
	if err != nil {
		return nil, err
	}
	headers := http.Header{}
	if je.ExternalID != "" {
		headers.Set("Idempotency-Key", je.ExternalID)
	}
	var out JournalEntryResult
	if err := c.do(ctx, http.MethodPost, "/journal-entries", body, headers, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) GetJournalEntry(ctx context.Context, id string) (*JournalEntryResult, error) {
	var out JournalEntryResult
	if err := c.do(ctx, http.MethodGet, "/journal-entries/"+id, nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// do sends one logical request, retrying transport errors, 429 and 5xx. The
// same headers (including any Idempotency-Key) are sent on every attempt.
func (c *Client) do(ctx context.Context, method, path string, body []byte, headers http.Header, out any) error {
	op := func() error {
		var rdr io.Reader
		if body != nil {
			rdr = bytes.NewReader(body)
		}
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, rdr)
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("X-Tenant-ID", c.tenantID)
		req.Header.Set("Accept", "application/json")
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		for k, vs := range headers {
			for _, v := range vs {
				req.Header.Add(k, v)
			}
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
		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			if out == nil || len(raw) == 0 {
				return nil
			}
			return backoff.Permanent(json.Unmarshal(raw, out))
		}
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			return apiErr
		}
		return backoff.Permanent(apiErr)
	}
	return backoff.Retry(op, backoff.WithContext(c.newBackOff(), ctx))
}

// VerifyWebhook checks the X-Ledger-Signature header: hex HMAC-SHA256 of
// "<timestamp>.<body>" with the webhook secret.
func VerifyWebhook(secret string, body []byte, timestamp, signature string, now time.Time) error {
	ts, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return errors.New("accounting webhook: bad timestamp")
	}
	if d := now.Sub(time.Unix(ts, 0)); d > 5*time.Minute || d < -5*time.Minute {
		return errors.New("accounting webhook: timestamp outside tolerance")
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestamp))
	mac.Write([]byte("."))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return errors.New("accounting webhook: signature mismatch")
	}
	return nil
}
