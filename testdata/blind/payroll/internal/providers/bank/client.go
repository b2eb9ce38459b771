// Package bank is a client for the bank-transfer provider's HTTP API.
package bank

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
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/rs/xid"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/providers/bank/bankreq"
)

type Transfer struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	Reference string `json:"reference"`
}

type APIError struct {
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("bank api: %d %s: %s", e.StatusCode, e.Code, e.Message)
}

func (e *APIError) retryable() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

type Client struct {
	baseURL     string
	apiKey      string
	http        *http.Client
	maxAttempts int
	log         *slog.Logger
	sleep       func(time.Duration)
}

func NewClient(baseURL, apiKey string, maxAttempts int, log *slog.Logger) *Client {
	if maxAttempts < 1 {
		maxAttempts = 1
	}
	return &Client{
		baseURL:     baseURL,
		apiKey:      apiKey,
		http:        &http.Client{Timeout: 20 * time.Second},
		maxAttempts: maxAttempts,
		log:         log,
		sleep:       time.Sleep,
	}
}

// PayoutTransfer prepares the transfer for a pay-run payout; the payout id is
// the provider idempotency key.
func (c *Client) PayoutTransfer(b *bankreq.Builder, p domain.Payout, emp *domain.Employee, runRef string) bankreq.TransferRequest {
	to := bankreq.Party{Name: emp.FullName, AccountRef: emp.BankAccountRef}
	req := b.Salary("payout_"+p.ID.String(), p.AmountCents, p.Currency, to, runRef)
	req.Metadata["payout_id"] = p.ID.String()
	req.Metadata["employee_id"] = emp.ID.String()
	return req
}

// CreateTransfer submits a transfer. Transient failures are retried with the
// same Idempotency-Key header.
func (c *Client) CreateTransfer(ctx context.Context, req bankreq.TransferRequest) (*Transfer, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	var lastErr error
	for attempt := 1; attempt <= c.maxAttempts; attempt++ {
		tr, err := c.postTransfer(ctx, req.IdempotencyKey, body)
		if err == nil {
			return tr, nil
		}
		lastErr = err
		var apiErr *APIError
		if errors.As(err, &apiErr) && !apiErr.retryable() {
			return nil, err
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if attempt < c.maxAttempts {
			wait := time.Duration(200*(1<<(attempt-1)))*time.Millisecond + time.Duration(rand.IntN(100))*time.Millisecond
			c.log.Warn("bank transfer attempt failed, retrying",
				"attempt", attempt, "wait", wait, "err", err)
			c.sleep(wait)
		}
	}
	return nil, fmt.Errorf("bank transfer failed after %d attempts: %w", c.maxAttempts, lastErr)
}

func (c *Client) postTransfer(ctx context.Context, idemKey string, body []byte) (*Transfer, error) {
	httpReq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v2/transfers", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	httpReq.Header.Set("Authorization", "Bearer "+c.apiKey)
	httpReq.Header.Set("Content-Type", "application/json")
	httpReq.Header.Set("X-Request-Id", xid.New().String())
	if idemKey != "" {
		httpReq.Header.Set("Idempotency-Key", idemKey)
	}
	resp, err := c.http.Do(httpReq)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		apiErr := &APIError{StatusCode: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return nil, apiErr
	}
	var tr Transfer
	if err := json.Unmarshal(raw, &tr); err != nil {
		return nil, fmt.Errorf("decode transfer: %w", err)
	}
	return &tr, nil
}

// VerifySignature checks the X-Bank-Signature header on inbound webhooks.
func VerifySignature(secret string, body []byte, header string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(header))
}
