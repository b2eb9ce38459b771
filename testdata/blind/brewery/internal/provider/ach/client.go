// Package ach is a client for the ACH payments provider used to debit trade
// accounts for invoices and to credit them for keg deposit refunds and
// loyalty rebates.
//
// The provider honours an Idempotency-Key header on every POST: a repeated
// key within 24 hours returns the original transfer instead of creating a new
// one. Webhooks are signed with HMAC-SHA256 over "<timestamp>.<body>".
package ach

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
	"strings"
	"time"

	"github.com/cenkalti/backoff/v4"

	"github.com/ironkettle/taproute/internal/config"
)

// Client talks to the ACH provider.
type Client struct {
	http          *http.Client
	baseURL       string
	apiKey        string
	originatorID  string
	webhookSecret []byte
	newBackOff    func() backoff.BackOff
	now           func() time.Time
}

// New builds an ACH client from configuration.
func New(cfg config.Config) *Client {
	return &Client{
		http:          &http.Client{Timeout: cfg.ACH.RequestTimeout},
		baseURL:       strings.TrimRight(cfg.ACH.BaseURL, "/"),
		apiKey:        cfg.ACH.APIKey,
		originatorID:  cfg.ACH.OriginatorID,
		webhookSecret: []byte(cfg.ACH.WebhookSecret),
		newBackOff: func() backoff.BackOff {
			b := backoff.NewExponentialBackOff()
			b.InitialInterval = 500 * time.Millisecond
			b.MaxElapsedTime = 20 * time.Second
			return backoff.WithMaxRetries(b, 4)
		},
		now: time.Now,
	}
}

// DebitRequest pulls funds from a customer's bank account.
type DebitRequest struct {
	CustomerID     string `json:"customer_id"`
	AmountCents    int64  `json:"amount_cents"`
	Description    string `json:"description"`
	Reference      string `json:"reference,omitempty"`
	SECCode        string `json:"sec_code"`
	IdempotencyKey string `json:"-"`
}

// CreditRequest pushes funds to a customer's bank account.
type CreditRequest struct {
	CustomerID     string `json:"customer_id"`
	AmountCents    int64  `json:"amount_cents"`
	Description    string `json:"description"`
	Reference      string `json:"reference,omitempty"`
	IdempotencyKey string `json:"-"`
}

// Transfer is the provider's representation of a debit or credit.
type Transfer struct {
	ID          string    `json:"id"`
	Status      string    `json:"status"`
	AmountCents int64     `json:"amount_cents"`
	CreatedAt   time.Time `json:"created_at"`
}

// APIError is a non-2xx provider response.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string { return fmt.Sprintf("ach: %d %s: %s", e.Status, e.Code, e.Message) }

// IsPermanent reports whether retrying err cannot succeed.
func IsPermanent(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.Status >= 400 && apiErr.Status < 500 && apiErr.Status != http.StatusTooManyRequests
}

// CreateDebit originates an ACH debit.
func (c *Client) CreateDebit(ctx context.Context, r DebitRequest) (Transfer, error) {
	if r.SECCode == "" {
		r.SECCode = "CCD"
	}
	var t Transfer
	err := c.post(ctx, "/v1/debits", r.IdempotencyKey, r, &t)
	return t, err
}

// CreateCredit originates an ACH credit.
func (c *Client) CreateCredit(ctx context.Context, r CreditRequest) (Transfer, error) {
	var t Transfer
	err := c.post(ctx, "/v1/credits", r.IdempotencyKey, r, &t)
	return t, err
}

func (c *Client) post(ctx context.Context, path, idemKey string, body, out any) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	op := func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Originator-Id", c.originatorID)
		if idemKey != "" {
			req.Header.Set("Idempotency-Key", idemKey)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if err != nil {
			return err
		}
		if resp.StatusCode >= 300 {
			apiErr := &APIError{Status: resp.StatusCode}
			_ = json.Unmarshal(data, apiErr)
			if IsPermanent(apiErr) {
				return backoff.Permanent(apiErr)
			}
			return apiErr
		}
		return backoff.Permanent(json.Unmarshal(data, out))
	}
	err = backoff.Retry(op, backoff.WithContext(c.newBackOff(), ctx))
	var perm *backoff.PermanentError
	if errors.As(err, &perm) {
		return perm.Err
	}
	return err
}

// Event is a webhook notification.
type Event struct {
	ID          string    `json:"id"`
	Type        string    `json:"type"` // debit.settled, debit.returned, credit.settled, credit.returned
	TransferID  string    `json:"transfer_id"`
	ReturnCode  string    `json:"return_code,omitempty"`
	AmountCents int64     `json:"amount_cents"`
	OccurredAt  time.Time `json:"occurred_at"`
}

// ErrBadSignature is returned for webhooks that fail verification.
var ErrBadSignature = errors.New("ach: bad webhook signature")

// ParseWebhook verifies the Ach-Signature header ("t=<unix>,v1=<hex>") and
// decodes the event.
func (c *Client) ParseWebhook(sigHeader string, body []byte) (Event, error) {
	var ts, sig string
	for _, part := range strings.Split(sigHeader, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || sig == "" {
		return Event{}, ErrBadSignature
	}
	if d := c.now().Sub(time.Unix(unix, 0)); d > 10*time.Minute || d < -10*time.Minute {
		return Event{}, ErrBadSignature
	}
	mac := hmac.New(sha256.New, c.webhookSecret)
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig)) {
		return Event{}, ErrBadSignature
	}
	var e Event
	if err := json.Unmarshal(body, &e); err != nil {
		return Event{}, fmt.Errorf("ach: decode event: %w", err)
	}
	return e, nil
}
