// Package engraver is the client for GraniteCraft's order API.
package engraver

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/hollowpine-memorial/plotkeeper/internal/provider"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider/httpjson"
)

// Options configures Client.
type Options struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
	// DeliverTo is the cemetery's yard address printed on every order.
	DeliverTo string
}

// Client implements provider.Engraver.
type Client struct {
	http      *httpjson.Client
	deliverTo string
}

func New(opts Options) *Client {
	key := opts.APIKey
	return &Client{
		deliverTo: opts.DeliverTo,
		http: httpjson.New(httpjson.Options{
			BaseURL: opts.BaseURL,
			Timeout: opts.Timeout,
			Authorize: func(r *http.Request) {
				r.Header.Set("X-Api-Key", key)
			},
		}),
	}
}

func (c *Client) SubmitOrder(ctx context.Context, req provider.EngravingRequest) (provider.EngravingReceipt, error) {
	if req.DeliverTo == "" {
		req.DeliverTo = c.deliverTo
	}
	var out provider.EngravingReceipt
	if _, err := c.http.Do(ctx, http.MethodPost, "/orders", nil, req, &out); err != nil {
		return provider.EngravingReceipt{}, fmt.Errorf("engraver: submit order: %w", err)
	}
	return out, nil
}
