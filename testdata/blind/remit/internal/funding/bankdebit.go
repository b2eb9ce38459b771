package funding

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/sendhome/remit/internal/config"
)

// DebitRequest pulls funds from the sender's verified bank account.
type DebitRequest struct {
	AccountToken string `json:"account_token"`
	Amount       int64  `json:"amount"`
	Currency     string `json:"currency"`
	Descriptor   string `json:"statement_descriptor"`
	Reference    string `json:"reference"`
}

type DebitResult struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// BankDebiter originates ACH / SEPA debits. The rail honours an
// Idempotency-Key header for 7 days.
type BankDebiter interface {
	Debit(ctx context.Context, req DebitRequest, opts ...CallOption) (*DebitResult, error)
}

type callConfig struct {
	idempotencyKey string
}

// CallOption adjusts a single outbound call.
type CallOption func(*callConfig)

func WithIdempotencyKey(k string) CallOption { return func(c *callConfig) { c.idempotencyKey = k } }

// ClientOption configures the bank debit client.
type ClientOption func(*bankDebitClient)

func WithHTTPClient(h *http.Client) ClientOption { return func(c *bankDebitClient) { c.http = h } }
func WithAPIKey(k string) ClientOption           { return func(c *bankDebitClient) { c.apiKey = k } }
func WithTimeout(d time.Duration) ClientOption {
	return func(c *bankDebitClient) { c.http.Timeout = d }
}

type bankDebitClient struct {
	base   string
	apiKey string
	http   *http.Client
}

func NewBankDebitClient(base string, opts ...ClientOption) BankDebiter {
	c := &bankDebitClient{base: base, http: &http.Client{Timeout: 15 * time.Second}}
	for _, o := range opts {
		o(c)
	}
	return c
}

// NewBankDebitFromConfig is the DI constructor.
func NewBankDebitFromConfig(cfg *config.Config) BankDebiter {
	return NewBankDebitClient(cfg.BankDebitURL, WithAPIKey(cfg.BankDebitAPIKey), WithTimeout(20*time.Second))
}

func (c *bankDebitClient) Debit(ctx context.Context, req DebitRequest, opts ...CallOption) (*DebitResult, error) {
	var cc callConfig
	for _, o := range opts {
		o(&cc)
	}
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/debits", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("Authorization", "Bearer "+c.apiKey)
	if cc.idempotencyKey != "" {
		hreq.Header.Set("Idempotency-Key", cc.idempotencyKey)
	}
	resp, err := c.http.Do(hreq)
	if err != nil {
		return nil, fmt.Errorf("bank debit: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("bank debit: status %d: %s", resp.StatusCode, bytes.TrimSpace(raw))
	}
	var out DebitResult
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("bank debit: decode: %w", err)
	}
	return &out, nil
}
