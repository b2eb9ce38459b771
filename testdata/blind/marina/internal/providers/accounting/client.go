// Package accounting is the client for the accounting system's journal API.
//
// POST /ledgers/{ledger}/journal-batches honours an Idempotency-Key header:
// a batch posted again with the same key within 30 days returns the original
// batch receipt and does not create journal entries a second time.
package accounting

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/harbourline/marina/internal/providers/httpx"
)

type Config struct {
	BaseURL  string
	APIKey   string
	LedgerID string
}

type Client struct {
	http   *httpx.Client
	ledger string
}

func New(cfg Config) *Client {
	return &Client{
		ledger: cfg.LedgerID,
		http: &httpx.Client{
			BaseURL:   cfg.BaseURL,
			HTTP:      &http.Client{Timeout: 60 * time.Second},
			UserAgent: "marina-settlement/1.0",
			Retries:   3,
			Backoff:   2 * time.Second,
			Authorize: func(r *http.Request) { r.Header.Set("X-Api-Key", cfg.APIKey) },
		},
	}
}

type JournalLine struct {
	Account     string `json:"account"`
	AmountMinor int64  `json:"amount_minor"`
	Description string `json:"description"`
	Reference   string `json:"reference"`
}

type JournalBatch struct {
	BusinessDate string        `json:"business_date"`
	Currency     string        `json:"currency"`
	Source       string        `json:"source"`
	Lines        []JournalLine `json:"lines"`
	ControlTotal int64         `json:"control_total_minor"`
}

type BatchReceipt struct {
	BatchRef   string    `json:"batch_ref"`
	Status     string    `json:"status"`
	LineCount  int       `json:"line_count"`
	ReceivedAt time.Time `json:"received_at"`
}

// PostJournalBatch submits a batch of journal lines under idempotencyKey.
func (c *Client) PostJournalBatch(ctx context.Context, batch JournalBatch, idempotencyKey string) (*BatchReceipt, error) {
	if idempotencyKey == "" {
		return nil, fmt.Errorf("accounting: idempotency key required")
	}
	var out BatchReceipt
	path := "/ledgers/" + url.PathEscape(c.ledger) + "/journal-batches"
	if err := c.http.Post(ctx, path, batch, &out, httpx.WithHeader("Idempotency-Key", idempotencyKey)); err != nil {
		return nil, err
	}
	return &out, nil
}

// Ack is the payload the accounting system posts once a batch is booked.
type Ack struct {
	BatchRef       string    `json:"batch_ref"`
	IdempotencyKey string    `json:"idempotency_key"`
	Status         string    `json:"status"`
	BookedAt       time.Time `json:"booked_at"`
}
