// Package warehouse is the client for the fulfilment partner's REST API
// (FulfilWell v2).
//
// Partner dedup semantics, from their integration guide:
//   - POST /fulfilment-orders and POST /reships honour an Idempotency-Key
//     header for 72 hours; a repeated key returns the original response.
//   - PUT /fulfilment-orders/{ref}/ship-to replaces the address.
//   - DELETE /fulfilment-orders/{ref} is a no-op on an already cancelled
//     order (404 once purged).
//   - POST /fulfilment-orders/{ref}/holds has no dedup; each call opens a
//     separate hold that has to be released on its own.
package warehouse

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/ports"
	"github.com/merchline/preorders/internal/platform/retry"
)

type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
	policy  retry.Policy
	log     *slog.Logger
}

var _ ports.WarehouseClient = (*Client)(nil)

func New(baseURL, apiKey string, log *slog.Logger) *Client {
	return &Client{
		baseURL: baseURL,
		apiKey:  apiKey,
		http:    &http.Client{Timeout: 10 * time.Second},
		policy:  retry.Outbound,
		log:     log.With("provider", "warehouse"),
	}
}

// APIError is a non-2xx answer from the partner.
type APIError struct {
	Method string
	Path   string
	Status int
	Body   string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("warehouse %s %s: %d %s", e.Method, e.Path, e.Status, e.Body)
}

// NotFound reports a 404 from the partner.
func NotFound(err error) bool {
	var e *APIError
	return errors.As(err, &e) && e.Status == http.StatusNotFound
}

type request struct {
	method  string
	path    string
	body    any
	idemKey string
}

// do sends r under the retry policy and decodes a JSON answer into out.
func (c *Client) do(ctx context.Context, r request, out any) error {
	var payload []byte
	if r.body != nil {
		b, err := json.Marshal(r.body)
		if err != nil {
			return err
		}
		payload = b
	}
	return retry.Run(ctx, c.policy, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, r.method, c.baseURL+r.path, bytes.NewReader(payload))
		if err != nil {
			return retry.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json")
		if r.idemKey != "" {
			req.Header.Set("Idempotency-Key", r.idemKey)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode >= 300 {
			apiErr := &APIError{Method: r.method, Path: r.path, Status: resp.StatusCode, Body: string(body)}
			if retry.RetryableStatus(resp.StatusCode) {
				return apiErr
			}
			return retry.Permanent(apiErr)
		}
		if out != nil && len(body) > 0 {
			if err := json.Unmarshal(body, out); err != nil {
				return retry.Permanent(fmt.Errorf("decode warehouse response: %w", err))
			}
		}
		return nil
	}, func(err error, wait time.Duration) {
		c.log.WarnContext(ctx, "warehouse call failed", "method", r.method, "path", r.path, "retry_in", wait, "err", err)
	})
}

type shipTo struct {
	Name     string `json:"name"`
	Line1    string `json:"line1"`
	Line2    string `json:"line2,omitempty"`
	City     string `json:"city"`
	Region   string `json:"region,omitempty"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
}

func toShipTo(a domain.Address) shipTo {
	return shipTo{Name: a.Name, Line1: a.Line1, Line2: a.Line2, City: a.City, Region: a.Region, Postcode: a.Postcode, Country: a.Country}
}

type orderLine struct {
	SKU      string `json:"sku"`
	Quantity int32  `json:"quantity"`
}

func (c *Client) CreateFulfilmentOrder(ctx context.Context, in ports.FulfilmentOrderRequest) (string, error) {
	lines := make([]orderLine, 0, len(in.Lines))
	for _, l := range in.Lines {
		lines = append(lines, orderLine{SKU: l.SKU, Quantity: l.Quantity})
	}
	body := map[string]any{
		"client_order_ref": in.ClientOrderRef,
		"ship_to":          toShipTo(in.ShipTo),
		"email":            in.Email,
		"lines":            lines,
		"service_level":    "standard",
	}
	var out struct {
		ID string `json:"id"`
	}
	err := c.do(ctx, request{method: http.MethodPost, path: "/fulfilment-orders", body: body, idemKey: in.IdempotencyKey}, &out)
	return out.ID, err
}

func (c *Client) UpdateShippingAddress(ctx context.Context, ref string, addr domain.Address) error {
	path := "/fulfilment-orders/" + url.PathEscape(ref) + "/ship-to"
	return c.do(ctx, request{method: http.MethodPut, path: path, body: toShipTo(addr)}, nil)
}

func (c *Client) CancelFulfilmentOrder(ctx context.Context, ref string) error {
	err := c.do(ctx, request{method: http.MethodDelete, path: "/fulfilment-orders/" + url.PathEscape(ref)}, nil)
	if NotFound(err) {
		return nil
	}
	return err
}

func (c *Client) PlaceHold(ctx context.Context, ref, reason string) (string, error) {
	var out struct {
		HoldID string `json:"hold_id"`
	}
	path := "/fulfilment-orders/" + url.PathEscape(ref) + "/holds"
	err := c.do(ctx, request{method: http.MethodPost, path: path, body: map[string]string{"reason": reason}}, &out)
	return out.HoldID, err
}

// CreateReship asks the partner to pick and send the shipment's lines
// again. The key keeps our own retries of this call from producing a
// second parcel.
func (c *Client) CreateReship(ctx context.Context, in ports.ReshipRequest) (string, error) {
	key := uuid.NewString()
	body := map[string]string{
		"shipment_id":      in.ShipmentID,
		"client_order_ref": in.ClientOrderRef,
		"reason":           in.Reason,
	}
	var out struct {
		ReshipID string `json:"reship_id"`
	}
	err := c.do(ctx, request{method: http.MethodPost, path: "/reships", body: body, idemKey: key}, &out)
	return out.ReshipID, err
}
