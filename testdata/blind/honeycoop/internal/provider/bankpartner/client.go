// Package bankpartner is the client of the co-op's bank payout partner. It
// sends member payouts and collects direct debits from farms.
//
// Every POST accepts an Idempotency-Key header; the partner keeps keys for
// seven days and answers a repeated key with the original result.
package bankpartner

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"

	"github.com/amberfield-labs/honeycoop/internal/provider/httpx"
)

type Config struct {
	BaseURL     string
	APIKey      string
	Timeout     time.Duration
	MaxAttempts int
}

type Client struct {
	baseURL     string
	apiKey      string
	http        *http.Client
	maxAttempts int
	// sleep is swapped out in tests.
	sleep func(context.Context, time.Duration) error
}

func New(cfg Config) *Client {
	attempts := cfg.MaxAttempts
	if attempts <= 0 {
		attempts = 4
	}
	return &Client{
		baseURL:     strings.TrimRight(cfg.BaseURL, "/"),
		apiKey:      cfg.APIKey,
		http:        httpx.NewClient(cfg.Timeout),
		maxAttempts: attempts,
		sleep:       sleepCtx,
	}
}

type PayoutRequest struct {
	IdempotencyKey string `json:"-"`
	AccountID      string `json:"account_id"`
	AmountCents    int64  `json:"amount_cents"`
	Currency       string `json:"currency"`
	Reference      string `json:"reference"`
}

type PayoutResponse struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// CreatePayout sends money to a member's account.
func (c *Client) CreatePayout(ctx context.Context, req PayoutRequest) (*PayoutResponse, error) {
	var out PayoutResponse
	if err := c.post(ctx, "/v2/payouts", req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

type CollectionRequest struct {
	IdempotencyKey string `json:"-"`
	MandateID      string `json:"mandate_id"`
	AmountCents    int64  `json:"amount_cents"`
	Currency       string `json:"currency"`
	// Reference appears on the payer's bank statement.
	Reference string `json:"reference"`
}

type CollectionResponse struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// Collect pulls a direct debit under a farm's mandate.
func (c *Client) Collect(ctx context.Context, req CollectionRequest) (*CollectionResponse, error) {
	var out CollectionResponse
	if err := c.post(ctx, "/v2/collections", req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) post(ctx context.Context, path, idemKey string, body, out any) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	hdr := http.Header{}
	hdr.Set("Authorization", "Bearer "+c.apiKey)
	if idemKey != "" {
		hdr.Set("Idempotency-Key", idemKey)
	}
	r := httpx.Request{Method: http.MethodPost, URL: c.baseURL + path, Header: hdr, Body: payload, Partner: "bankpartner"}

	var lastErr error
	for attempt := 1; attempt <= c.maxAttempts; attempt++ {
		_, err := httpx.Do(ctx, c.http, r, out)
		if err == nil {
			return nil
		}
		lastErr = err
		var se *httpx.StatusError
		if errors.As(err, &se) && !se.Temporary() {
			return err
		}
		if attempt == c.maxAttempts {
			break
		}
		if err := c.sleep(ctx, backoffFor(attempt)); err != nil {
			return err
		}
	}
	return lastErr
}

func backoffFor(attempt int) time.Duration {
	base := time.Duration(1<<attempt) * 200 * time.Millisecond
	jitter := time.Duration(rand.Int64N(int64(base / 2)))
	return base + jitter
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// VerifySignature checks the X-Bank-Signature header of a webhook.
func VerifySignature(secret string, body []byte, header string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(strings.TrimPrefix(header, "sha256=")))
}
