// Package affiliate reports player conversions (registrations, first
// deposits) to the affiliate tracking platform via server-to-server
// postbacks. The platform records every postback it receives as a
// conversion; it has no request deduplication.
package affiliate

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/kickoffbet/sportsbook/internal/httpx"
)

// Conversion kinds.
const (
	Registration = "reg"
	FirstDeposit = "ftd"
	Deposit      = "dep"
)

// Conversion is one postback.
type Conversion struct {
	Kind        string
	AffiliateID string
	PlayerID    string
	Amount      int64
	Currency    string
}

// Tracker reports conversions.
type Tracker interface {
	Report(ctx context.Context, c Conversion) error
}

// Client implements Tracker.
type Client struct {
	base   string
	secret string
	hc     *http.Client
	policy httpx.Policy
}

// New returns a postback client.
func New(base, secret string) *Client {
	return &Client{
		base:   base,
		secret: secret,
		hc:     &http.Client{Timeout: 5 * time.Second},
		policy: httpx.Policy{Attempts: 3, Delay: 500 * time.Millisecond, MaxDelay: 2 * time.Second},
	}
}

// Report sends a postback.
func (c *Client) Report(ctx context.Context, conv Conversion) error {
	q := url.Values{}
	q.Set("event", conv.Kind)
	q.Set("aff_id", conv.AffiliateID)
	q.Set("player", conv.PlayerID)
	q.Set("secret", c.secret)
	if conv.Amount > 0 {
		q.Set("amount", strconv.FormatInt(conv.Amount, 10))
		q.Set("currency", conv.Currency)
	}
	return retry.Do(func() error {
		return httpx.DoJSON(ctx, c.hc, httpx.Request{
			Method: http.MethodGet,
			URL:    c.base + "/postback?" + q.Encode(),
		}, nil)
	}, c.policy.Options(ctx)...)
}

// Disabled is a Tracker for players without an affiliate.
type Disabled struct{}

func (Disabled) Report(context.Context, Conversion) error { return nil }
