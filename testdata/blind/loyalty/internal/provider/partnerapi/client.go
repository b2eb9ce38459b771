package partnerapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/tidewater/loyalty/internal/platform/retry"
)

type Config struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

type Client struct {
	cfg  Config
	http *http.Client
}

func New(cfg Config) *Client {
	return &Client{cfg: cfg, http: &http.Client{Timeout: cfg.Timeout}}
}

type OrderResponse struct {
	PartnerOrderID  string `json:"order_id"`
	ClientReference string `json:"client_reference"`
	Status          string `json:"status"`
	EstimatedShip   string `json:"estimated_ship_date"`
}

// PlaceOrder submits an order to the partner. Transport errors and 5xx are
// retried in-process with the same body and headers.
func (c *Client) PlaceOrder(ctx context.Context, r *OrderRequest) (*OrderResponse, error) {
	payload, err := json.Marshal(r.body)
	if err != nil {
		return nil, err
	}
	var out OrderResponse
	err = retry.Do(ctx, retry.Default, func(ctx context.Context, attempt int) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+"/orders", bytes.NewReader(payload))
		if err != nil {
			return retry.Permanent{Err: err}
		}
		for k, vs := range r.headers {
			for _, v := range vs {
				req.Header.Add(k, v)
			}
		}
		req.Header.Set("X-Api-Key", c.cfg.APIKey)
		req.Header.Set("Content-Type", "application/json")

		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode >= 500 {
			return fmt.Errorf("partnerapi: status %d", resp.StatusCode)
		}
		if resp.StatusCode >= 400 {
			return retry.Permanent{Err: fmt.Errorf("partnerapi: status %d: %s", resp.StatusCode, raw)}
		}
		return json.Unmarshal(raw, &out)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}
