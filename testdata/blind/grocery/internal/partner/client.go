// Package partner is the client for the partner stores' fulfilment API.
//
// Pick lists are deduplicated by the partner on client_reference for 72
// hours: a second submission with the same reference returns the first
// pick list. Stock adjustments carry no reference and are applied every
// time they are received.
package partner

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

type Config struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

type Client struct {
	base   *url.URL
	apiKey string
	http   *http.Client
}

func NewClient(cfg Config) (*Client, error) {
	u, err := url.Parse(cfg.BaseURL)
	if err != nil {
		return nil, fmt.Errorf("partner: base url: %w", err)
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 15 * time.Second
	}
	return &Client{base: u, apiKey: cfg.APIKey, http: &http.Client{Timeout: cfg.Timeout}}, nil
}

type PickLine struct {
	SKU             string `json:"sku"`
	Name            string `json:"name"`
	Quantity        int    `json:"quantity"`
	AllowSubstitute bool   `json:"allow_substitute"`
	LineRef         string `json:"line_ref"`
}

type PickList struct {
	OrderRef        string     `json:"order_ref"`
	ClientReference string     `json:"client_reference,omitempty"`
	SlotStartsAt    time.Time  `json:"slot_starts_at"`
	SlotEndsAt      time.Time  `json:"slot_ends_at"`
	Lines           []PickLine `json:"lines"`
	Notes           string     `json:"notes,omitempty"`
}

type PickListAck struct {
	ID       string    `json:"id"`
	Status   string    `json:"status"`
	DueBy    time.Time `json:"due_by"`
	Received time.Time `json:"received_at"`
}

// CallOption adjusts a single request.
type CallOption func(*callOptions)

type callOptions struct {
	clientReference string
	priority        string
}

// WithClientReference sets the reference the partner deduplicates pick
// list submissions on.
func WithClientReference(ref string) CallOption {
	return func(o *callOptions) { o.clientReference = ref }
}

func WithPriority(p string) CallOption {
	return func(o *callOptions) { o.priority = p }
}

// SubmitPickList sends an order to the store for picking.
func (c *Client) SubmitPickList(ctx context.Context, storeID string, pl PickList, opts ...CallOption) (*PickListAck, error) {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	if o.clientReference != "" {
		pl.ClientReference = o.clientReference
	}
	q := url.Values{}
	if o.priority != "" {
		q.Set("priority", o.priority)
	}
	var ack PickListAck
	path := "/stores/" + url.PathEscape(storeID) + "/pick-lists"
	if err := c.do(ctx, http.MethodPost, path, q, pl, &ack); err != nil {
		return nil, err
	}
	return &ack, nil
}

func (c *Client) CancelPickList(ctx context.Context, storeID, pickListID string) error {
	path := "/stores/" + url.PathEscape(storeID) + "/pick-lists/" + url.PathEscape(pickListID) + "/cancel"
	return c.do(ctx, http.MethodPost, path, nil, struct{}{}, nil)
}

type StockAdjustment struct {
	SKU    string `json:"sku"`
	Delta  int    `json:"delta"`
	Reason string `json:"reason"`
}

// AdjustStock tells the store's stock system about units that came back
// (positive delta) or were written off (negative delta).
func (c *Client) AdjustStock(ctx context.Context, storeID string, adj StockAdjustment) error {
	path := "/stores/" + url.PathEscape(storeID) + "/stock/adjustments"
	return c.do(ctx, http.MethodPost, path, nil, adj, nil)
}

type Error struct {
	Status int
	Body   string
}

func (e *Error) Error() string { return fmt.Sprintf("partner: http %d: %s", e.Status, e.Body) }

func (c *Client) do(ctx context.Context, method, path string, q url.Values, body, out any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	u := c.base.ResolveReference(&url.URL{Path: path, RawQuery: q.Encode()})
	req, err := http.NewRequestWithContext(ctx, method, u.String(), bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("partner: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return &Error{Status: resp.StatusCode, Body: string(data)}
	}
	if out != nil && len(data) > 0 {
		return json.Unmarshal(data, out)
	}
	return nil
}
