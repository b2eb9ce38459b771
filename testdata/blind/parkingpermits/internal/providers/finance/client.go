// Package finance posts revenue journals to the city's financial system
// (general ledger). The GL API is slow and sheds load with 503s during the
// nightly close, so every call goes through an exponential backoff.
package finance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Options configures a Client.
type Options struct {
	BaseURL      string
	APIKey       string
	SourceSystem string
	Timeout      time.Duration
	MaxRetries   uint64
	MaxElapsed   time.Duration
}

// Client is the GL journal client.
type Client struct {
	opts    Options
	http    *http.Client
	backoff func() backoff.BackOff
}

// New returns a client.
func New(o Options) *Client {
	if o.MaxRetries == 0 {
		o.MaxRetries = 6
	}
	if o.MaxElapsed == 0 {
		o.MaxElapsed = 2 * time.Minute
	}
	if o.SourceSystem == "" {
		o.SourceSystem = "PARKING-PERMITS"
	}
	c := &Client{opts: o, http: &http.Client{Timeout: o.Timeout}}
	c.backoff = func() backoff.BackOff {
		b := backoff.NewExponentialBackOff()
		b.InitialInterval = 500 * time.Millisecond
		b.MaxElapsedTime = o.MaxElapsed
		return backoff.WithMaxRetries(b, o.MaxRetries)
	}
	return c
}

// JournalLine is one debit or credit.
type JournalLine struct {
	Account     string `json:"account"`
	Fund        string `json:"fund"`
	DebitCents  int64  `json:"debit,omitempty"`
	CreditCents int64  `json:"credit,omitempty"`
	Memo        string `json:"memo,omitempty"`
}

// Journal is a balanced entry. The GL treats SourceReference as the caller's
// key for the entry: a second post with the same source system and reference
// returns the journal already on file rather than booking another.
type Journal struct {
	EffectiveDate   string        `json:"effective_date"`
	Description     string        `json:"description"`
	SourceSystem    string        `json:"source_system"`
	SourceReference string        `json:"source_reference,omitempty"`
	Lines           []JournalLine `json:"lines"`
}

// PostResult is the GL's answer.
type PostResult struct {
	JournalID string `json:"journal_id"`
	Status    string `json:"status"`
	Replayed  bool   `json:"replayed"`
}

type statusError struct {
	code int
	body string
}

func (e *statusError) Error() string { return fmt.Sprintf("finance: status %d: %s", e.code, e.body) }

// PostJournal books j. Transport errors, 429 and 5xx are retried with
// backoff; other 4xx are returned at once.
func (c *Client) PostJournal(ctx context.Context, j Journal) (*PostResult, error) {
	if j.SourceSystem == "" {
		j.SourceSystem = c.opts.SourceSystem
	}
	body, err := json.Marshal(j)
	if err != nil {
		return nil, err
	}

	var out PostResult
	op := func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.opts.BaseURL+"/gl/v1/journals", bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Authorization", "ApiKey "+c.opts.APIKey)
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.http.Do(req)
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF) {
				return err
			}
			return backoff.Permanent(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			return &statusError{code: resp.StatusCode, body: string(raw)}
		}
		if resp.StatusCode >= 300 {
			return backoff.Permanent(&statusError{code: resp.StatusCode, body: string(raw)})
		}
		return json.Unmarshal(raw, &out)
	}
	if err := backoff.Retry(op, backoff.WithContext(c.backoff(), ctx)); err != nil {
		return nil, err
	}
	return &out, nil
}
