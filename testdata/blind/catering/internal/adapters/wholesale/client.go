// Package wholesale is the HTTP client for the FreshLine wholesale partner's
// ordering API (v2).
package wholesale

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

// Client talks to the partner API.
//
// Partner semantics that matter to callers:
//   - POST /purchase-orders honours an Idempotency-Key header for 7 days and
//     replays the original response for a repeated key.
//   - POST /purchase-orders/{id}/amendments appends lines; the partner does
//     not accept a key on this endpoint.
//   - POST /purchase-orders/{id}/cancel accepts an Idempotency-Key and returns
//     200 for an order that is already cancelled.
type Client struct {
	base        *url.URL
	apiKey      string
	accountCode string
	http        *http.Client
	maxRetries  int
}

type Option func(*Client)

func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }
func WithMaxRetries(n int) Option          { return func(c *Client) { c.maxRetries = n } }

func New(baseURL, apiKey, accountCode string, timeout time.Duration, opts ...Option) (*Client, error) {
	u, err := url.Parse(baseURL)
	if err != nil {
		return nil, fmt.Errorf("wholesale: base url: %w", err)
	}
	c := &Client{
		base:        u,
		apiKey:      apiKey,
		accountCode: accountCode,
		http:        &http.Client{Timeout: timeout},
		maxRetries:  2,
	}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

type orderLine struct {
	SKU      string  `json:"sku"`
	Quantity float64 `json:"quantity"`
	Unit     string  `json:"unit"`
}

type createOrderRequest struct {
	AccountCode string      `json:"account_code"`
	CustomerRef string      `json:"customer_reference"`
	DeliverOn   string      `json:"deliver_on"`
	DeliverTo   string      `json:"deliver_to,omitempty"`
	Lines       []orderLine `json:"lines"`
	Notes       string      `json:"notes,omitempty"`
}

type orderResponse struct {
	ID         string `json:"id"`
	Status     string `json:"status"`
	TotalPence int64  `json:"total_pence"`
}

type amendmentRequest struct {
	AddLines []orderLine `json:"add_lines"`
}

type amendmentResponse struct {
	ID string `json:"id"`
}

func toLines(in []ports.SupplierLine) []orderLine {
	out := make([]orderLine, len(in))
	for i, l := range in {
		out[i] = orderLine{SKU: l.SKU, Quantity: l.Quantity, Unit: l.Unit}
	}
	return out
}

func (c *Client) SubmitOrder(ctx context.Context, order ports.SupplierOrder, opts ...ports.CallOption) (ports.SupplierOrderReceipt, error) {
	o := ports.ApplyCallOptions(opts)
	body := createOrderRequest{
		AccountCode: c.accountCode,
		CustomerRef: order.Reference,
		DeliverOn:   order.DeliverOn.Format("2006-01-02"),
		DeliverTo:   order.DeliverTo,
		Lines:       toLines(order.Lines),
		Notes:       order.Notes,
	}
	var resp orderResponse
	if err := c.do(ctx, http.MethodPost, "purchase-orders", body, &resp, o); err != nil {
		return ports.SupplierOrderReceipt{}, err
	}
	return ports.SupplierOrderReceipt{PartnerOrderID: resp.ID, Status: resp.Status, TotalCents: resp.TotalPence}, nil
}

func (c *Client) AmendOrder(ctx context.Context, partnerOrderID string, add []ports.SupplierLine) (string, error) {
	var resp amendmentResponse
	path := "purchase-orders/" + url.PathEscape(partnerOrderID) + "/amendments"
	if err := c.do(ctx, http.MethodPost, path, amendmentRequest{AddLines: toLines(add)}, &resp, ports.CallOptions{}); err != nil {
		return "", err
	}
	return resp.ID, nil
}

func (c *Client) CancelOrder(ctx context.Context, partnerOrderID string, opts ...ports.CallOption) error {
	path := "purchase-orders/" + url.PathEscape(partnerOrderID) + "/cancel"
	return c.do(ctx, http.MethodPost, path, struct{}{}, nil, ports.ApplyCallOptions(opts))
}

// APIError is a non-2xx answer from the partner.
type APIError struct {
	Status  int
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("wholesale: %d %s: %s", e.Status, e.Code, e.Message)
}

func (e *APIError) Unwrap() error {
	if e.Status == http.StatusUnprocessableEntity || e.Status == http.StatusBadRequest {
		return domain.ErrValidation
	}
	return domain.ErrUpstream
}

func (c *Client) do(ctx context.Context, method, path string, in, out any, o ports.CallOptions) error {
	payload, err := json.Marshal(in)
	if err != nil {
		return err
	}
	target := c.base.JoinPath(path)
	if o.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Timeout)
		defer cancel()
	}
	var lastErr error
	for attempt := 0; attempt <= c.maxRetries; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Duration(attempt*attempt) * 250 * time.Millisecond):
			}
		}
		req, err := http.NewRequestWithContext(ctx, method, target.String(), bytes.NewReader(payload))
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json")
		if o.IdempotencyKey != "" {
			req.Header.Set("Idempotency-Key", o.IdempotencyKey)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			lastErr = fmt.Errorf("wholesale: %s %s: %w", method, path, err)
			if o.IdempotencyKey == "" {
				return lastErr
			}
			continue
		}
		lastErr = c.decode(resp, out)
		if lastErr == nil {
			return nil
		}
		if apiErr, ok := lastErr.(*APIError); ok && apiErr.Status < 500 {
			return lastErr
		}
		if o.IdempotencyKey == "" {
			return lastErr
		}
	}
	return lastErr
}

func (c *Client) decode(resp *http.Response, out any) error {
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(body, apiErr)
		return apiErr
	}
	if out == nil || len(body) == 0 {
		return nil
	}
	return json.Unmarshal(body, out)
}
