// Package affiliate reports referral conversions to the affiliate
// network. The network's postback endpoint records one conversion per
// call; it has no dedup parameter.
package affiliate

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/learnloop/tutoring/internal/config"
)

// Conversion is one qualified referral.
type Conversion struct {
	ClickID     string
	OrderRef    string
	AmountCents int64
	Currency    string
}

// Client calls the postback endpoint.
type Client struct {
	base  string
	token string
	hc    *http.Client
}

// New builds a Client.
func New(cfg config.Config) *Client {
	return &Client{base: cfg.AffiliateBaseURL, token: cfg.AffiliateToken, hc: &http.Client{Timeout: 5 * time.Second}}
}

// Report sends the conversion postback.
func (c *Client) Report(ctx context.Context, conv Conversion) error {
	q := url.Values{}
	q.Set("token", c.token)
	q.Set("click_id", conv.ClickID)
	q.Set("order_ref", conv.OrderRef)
	q.Set("amount", strconv.FormatFloat(float64(conv.AmountCents)/100, 'f', 2, 64))
	q.Set("currency", conv.Currency)
	u := c.base + "/postback?" + q.Encode()
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return retry.Unrecoverable(err)
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode >= 300 {
			return fmt.Errorf("affiliate postback: status %d", resp.StatusCode)
		}
		return nil
	}, retry.Context(ctx), retry.Attempts(3), retry.LastErrorOnly(true))
}
