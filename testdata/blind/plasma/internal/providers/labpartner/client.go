// Package labpartner is the client for the reference laboratory that runs
// viral marker and protein panels on donation samples.
//
// POST /v2/orders honours an Idempotency-Key header. Results and sample
// events arrive by webhook and are redelivered until we answer 2xx; each
// delivery carries a stable event_id.
package labpartner

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/veinline/plasmaops/internal/config"
	"github.com/veinline/plasmaops/internal/providers/httpclient"
)

// API is what the lab order worker needs.
type API interface {
	SubmitOrder(ctx context.Context, order Order, idempotencyKey string) (OrderReceipt, error)
}

// Client talks to the lab partner.
type Client struct {
	baseURL   string
	apiKey    string
	accountID string
	http      httpclient.Doer
}

// New returns a Client from config.
func New(cfg config.Config) *Client {
	return &Client{
		baseURL:   cfg.LabPartner.BaseURL,
		apiKey:    cfg.LabPartner.APIKey,
		accountID: cfg.LabPartner.AccountID,
		http:      httpclient.Default(),
	}
}

// Order requests a test panel for one tube.
type Order struct {
	ClientSampleID string    `json:"client_sample_id"`
	TubeBarcode    string    `json:"tube_barcode"`
	Panel          string    `json:"panel"`
	CollectedAt    time.Time `json:"collected_at"`
	CollectionSite string    `json:"collection_site"`
	Priority       string    `json:"priority"`
}

// OrderReceipt acknowledges an order.
type OrderReceipt struct {
	OrderID  string `json:"order_id"`
	Accepted bool   `json:"accepted"`
}

// SubmitOrder places an order. idempotencyKey may be empty.
func (c *Client) SubmitOrder(ctx context.Context, order Order, idempotencyKey string) (OrderReceipt, error) {
	var out OrderReceipt
	err := httpclient.Do(ctx, c.http, httpclient.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v2/accounts/" + c.accountID + "/orders",
		Headers: map[string]string{
			"Authorization":   "Bearer " + c.apiKey,
			"Idempotency-Key": idempotencyKey,
		},
		Body: order,
	}, &out)
	if err != nil {
		return OrderReceipt{}, fmt.Errorf("labpartner: submit order: %w", err)
	}
	return out, nil
}

// ResultsEvent is the body of a results webhook.
type ResultsEvent struct {
	EventID        string       `json:"event_id"`
	OrderID        string       `json:"order_id"`
	ClientSampleID string       `json:"client_sample_id"`
	Final          bool         `json:"final"`
	Results        []TestResult `json:"results"`
}

// TestResult is one assay outcome.
type TestResult struct {
	TestCode   string    `json:"test_code"`
	Outcome    string    `json:"outcome"` // non_reactive, reactive, indeterminate
	Value      string    `json:"value"`
	Method     string    `json:"method"`
	ResultedAt time.Time `json:"resulted_at"`
}

// SampleEvent is the body of a sample lifecycle webhook.
type SampleEvent struct {
	EventID        string    `json:"event_id"`
	Type           string    `json:"type"` // sample.received, sample.rejected
	ClientSampleID string    `json:"client_sample_id"`
	Reason         string    `json:"reason,omitempty"`
	OccurredAt     time.Time `json:"occurred_at"`
}
