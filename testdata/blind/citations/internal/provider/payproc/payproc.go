// Package payproc is the client for the city's card processor. Charges and
// refunds accept an Idempotency-Key header: a repeated request with the same
// key within 24 hours returns the original result instead of moving money
// again.
package payproc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/harborcity/citeproc/internal/platform/retryx"
	"github.com/harborcity/citeproc/internal/provider/apiclient"
)

type Config struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
}

type Client struct {
	api    *apiclient.Client
	secret []byte
}

func New(cfg Config) *Client {
	return &Client{
		api:    apiclient.New("payproc", cfg.BaseURL, 20*time.Second, apiclient.Bearer(cfg.APIKey)),
		secret: []byte(cfg.WebhookSecret),
	}
}

type ChargeRequest struct {
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	CardToken   string            `json:"source"`
	Description string            `json:"description"`
	Metadata    map[string]string `json:"metadata,omitempty"`
	// IdempotencyKey is sent as the Idempotency-Key header.
	IdempotencyKey string `json:"-"`
}

type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"` // succeeded | failed | pending
	AmountCents int64  `json:"amount"`
	FailureCode string `json:"failure_code"`
}

// ErrDeclined is returned when the processor declined the card.
var ErrDeclined = errors.New("payproc: card declined")

// CreateCharge charges a tokenised card. Keyed requests are retried on
// transport errors and 5xx; unkeyed ones are attempted once.
func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	if req.Currency == "" {
		req.Currency = "usd"
	}
	call := func(ctx context.Context) (*Charge, error) {
		var out Charge
		err := c.api.Do(ctx, http.MethodPost, "/v1/charges",
			map[string]string{"Idempotency-Key": req.IdempotencyKey}, req, &out)
		if err != nil {
			return nil, classify(err)
		}
		return &out, nil
	}
	var (
		ch  *Charge
		err error
	)
	if req.IdempotencyKey != "" {
		ch, err = retryx.Do(ctx, retryx.Default, call)
	} else {
		ch, err = call(ctx)
	}
	if err != nil {
		return nil, err
	}
	if ch.Status == "failed" {
		return ch, fmt.Errorf("%w: %s", ErrDeclined, ch.FailureCode)
	}
	return ch, nil
}

type RefundRequest struct {
	ChargeID    string `json:"charge"`
	AmountCents int64  `json:"amount"`
	Reason      string `json:"reason"`
	// IdempotencyKey is sent as the Idempotency-Key header.
	IdempotencyKey string `json:"-"`
}

type RefundResult struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func (c *Client) CreateRefund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
	call := func(ctx context.Context) (*RefundResult, error) {
		var out RefundResult
		err := c.api.Do(ctx, http.MethodPost, "/v1/refunds",
			map[string]string{"Idempotency-Key": req.IdempotencyKey}, req, &out)
		if err != nil {
			return nil, classify(err)
		}
		return &out, nil
	}
	if req.IdempotencyKey != "" {
		return retryx.Do(ctx, retryx.Default, call)
	}
	return call(ctx)
}

// GetCharge reads a charge; used by reconciliation.
func (c *Client) GetCharge(ctx context.Context, id string) (*Charge, error) {
	return retryx.Do(ctx, retryx.Default, func(ctx context.Context) (*Charge, error) {
		var out Charge
		if err := c.api.Do(ctx, http.MethodGet, "/v1/charges/"+id, nil, nil, &out); err != nil {
			return nil, classify(err)
		}
		return &out, nil
	})
}

func classify(err error) error {
	var apiErr *apiclient.Error
	if errors.As(err, &apiErr) && apiErr.Status >= 400 && apiErr.Status < 500 && apiErr.Status != 429 {
		return retryx.MarkPermanent(err)
	}
	return err
}

// Event is a webhook delivery. The processor resends an event until it gets
// a 2xx; ID is stable across resends.
type Event struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

// ChargeEventData is the payload of charge.* events.
type ChargeEventData struct {
	ChargeID    string            `json:"id"`
	AmountCents int64             `json:"amount"`
	Status      string            `json:"status"`
	Metadata    map[string]string `json:"metadata"`
}

// DisputeEventData is the payload of charge.dispute.* events (chargebacks).
type DisputeEventData struct {
	ChargeID    string `json:"charge"`
	AmountCents int64  `json:"amount"`
	Reason      string `json:"reason"`
}

// ParseWebhook verifies the signature header ("t=<unix>,v1=<hex>") and
// decodes the event.
func (c *Client) ParseWebhook(payload []byte, header string, now time.Time) (*Event, error) {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return nil, errors.New("payproc: bad signature timestamp")
	}
	if now.Sub(time.Unix(unix, 0)) > 10*time.Minute {
		return nil, errors.New("payproc: signature too old")
	}
	signed := append([]byte(ts+"."), payload...)
	if !apiclient.VerifyHMAC(c.secret, signed, sig) {
		return nil, errors.New("payproc: bad signature")
	}
	var ev Event
	if err := json.Unmarshal(payload, &ev); err != nil {
		return nil, fmt.Errorf("payproc: decode event: %w", err)
	}
	return &ev, nil
}
