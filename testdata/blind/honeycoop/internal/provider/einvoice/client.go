// Package einvoice submits invoices and credit notes to the e-invoicing
// network that delivers them to retailers' accounts-payable systems.
package einvoice

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v4"

	"github.com/amberfield-labs/honeycoop/internal/provider/httpx"
)

type Config struct {
	BaseURL    string
	Token      string
	SenderID   string
	Timeout    time.Duration
	MaxRetries uint64
}

type Client struct {
	cfg  Config
	http *http.Client
	// newBackOff builds the retry policy of one Submit call.
	newBackOff func() backoff.BackOff
}

func New(cfg Config) *Client {
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 4
	}
	c := &Client{cfg: cfg, http: httpx.NewClient(cfg.Timeout)}
	c.newBackOff = func() backoff.BackOff {
		b := backoff.NewExponentialBackOff()
		b.InitialInterval = 300 * time.Millisecond
		b.MaxElapsedTime = 20 * time.Second
		return backoff.WithMaxRetries(b, c.cfg.MaxRetries)
	}
	return c
}

type Line struct {
	SKU        string `json:"sku"`
	Quantity   int    `json:"quantity"`
	UnitCents  int64  `json:"unit_cents"`
	TotalCents int64  `json:"total_cents"`
}

type Document struct {
	// DocumentID, when set, makes the network accept a document once:
	// a resubmission with the same DocumentID returns the first receipt.
	DocumentID       string `json:"document_id,omitempty"`
	Type             string `json:"type"`
	Number           string `json:"number"`
	SenderID         string `json:"sender_id"`
	Recipient        string `json:"recipient"`
	IssueDate        string `json:"issue_date"`
	Currency         string `json:"currency"`
	Lines            []Line `json:"lines,omitempty"`
	TotalCents       int64  `json:"total_cents"`
	ReferencedNumber string `json:"referenced_number,omitempty"`
	Note             string `json:"note,omitempty"`
}

type Receipt struct {
	NetworkRef string `json:"network_ref"`
	Status     string `json:"status"`
}

// Submit sends a document to the network.
func (c *Client) Submit(ctx context.Context, doc Document) (*Receipt, error) {
	if doc.SenderID == "" {
		doc.SenderID = c.cfg.SenderID
	}
	body, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	hdr := http.Header{}
	hdr.Set("Authorization", "Token "+c.cfg.Token)
	req := httpx.Request{
		Method:  http.MethodPost,
		URL:     strings.TrimRight(c.cfg.BaseURL, "/") + "/api/documents",
		Header:  hdr,
		Body:    body,
		Partner: "einvoice",
	}

	var receipt Receipt
	op := func() error {
		_, err := httpx.Do(ctx, c.http, req, &receipt)
		var se *httpx.StatusError
		if errors.As(err, &se) && !se.Temporary() {
			return backoff.Permanent(err)
		}
		return err
	}
	if err := backoff.Retry(op, backoff.WithContext(c.newBackOff(), ctx)); err != nil {
		return nil, err
	}
	return &receipt, nil
}
