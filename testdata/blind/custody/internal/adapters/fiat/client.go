// Package fiat is the client for the card / ACH on-ramp provider.
//
// Every POST honours the Idempotency-Key header: a key seen in the last 24
// hours replays the stored response rather than creating a new object.
package fiat

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/northvault/custody/internal/config"
	"github.com/northvault/custody/internal/platform/apiclient"
	"github.com/northvault/custody/internal/ports"
)

type Client struct {
	api           *apiclient.Client
	webhookSecret []byte
	tolerance     time.Duration
}

func New(cfg config.Config) (*Client, error) {
	api, err := apiclient.New("fiat", cfg.Fiat.BaseURL, cfg.Fiat.Timeout,
		apiclient.WithAuth(apiclient.BearerToken(cfg.Fiat.APIKey)),
	)
	if err != nil {
		return nil, err
	}
	return &Client{api: api, webhookSecret: []byte(cfg.FiatWebhookSecret), tolerance: 5 * time.Minute}, nil
}

// post sends a POST with the per-call options applied.
func (c *Client) post(ctx context.Context, path string, body any, out any, opts []ports.CallOption) error {
	o := ports.ApplyCallOptions(opts)
	if o.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Timeout)
		defer cancel()
	}
	req := apiclient.NewRequest(http.MethodPost, path,
		apiclient.JSON(body),
		apiclient.IdempotencyKey(o.IdempotencyKey),
		apiclient.Header("X-Request-Trace", o.CorrelationID),
	)
	return c.api.Do(ctx, req, out)
}

type chargeBody struct {
	Customer      string            `json:"customer"`
	PaymentMethod string            `json:"payment_method"`
	Amount        int64             `json:"amount"`
	Currency      string            `json:"currency"`
	Rail          string            `json:"rail"`
	Description   string            `json:"description,omitempty"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

type objectResp struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func (c *Client) CreateCharge(ctx context.Context, req ports.ChargeRequest, opts ...ports.CallOption) (ports.Charge, error) {
	var out objectResp
	err := c.post(ctx, "/v1/charges", chargeBody{
		Customer:      req.CustomerRef,
		PaymentMethod: req.PaymentMethodID,
		Amount:        req.AmountCents,
		Currency:      strings.ToLower(req.Currency),
		Rail:          req.Method,
		Description:   req.Description,
		Metadata:      req.Metadata,
	}, &out, opts)
	if err != nil {
		return ports.Charge{}, err
	}
	return ports.Charge{ID: out.ID, Status: out.Status}, nil
}

type refundBody struct {
	Charge string `json:"charge"`
	Amount int64  `json:"amount"`
	Reason string `json:"reason,omitempty"`
}

func (c *Client) Refund(ctx context.Context, req ports.RefundRequest, opts ...ports.CallOption) (ports.Refund, error) {
	var out objectResp
	if err := c.post(ctx, "/v1/refunds", refundBody{Charge: req.ChargeID, Amount: req.AmountCents, Reason: req.Reason}, &out, opts); err != nil {
		return ports.Refund{}, err
	}
	return ports.Refund{ID: out.ID, Status: out.Status}, nil
}

type payoutBody struct {
	Destination string            `json:"destination"`
	Amount      int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Description string            `json:"description,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

func (c *Client) CreatePayout(ctx context.Context, req ports.PayoutRequest, opts ...ports.CallOption) (ports.Payout, error) {
	var out objectResp
	err := c.post(ctx, "/v1/payouts", payoutBody{
		Destination: req.BankAccountID,
		Amount:      req.AmountCents,
		Currency:    strings.ToLower(req.Currency),
		Description: req.Description,
		Metadata:    req.Metadata,
	}, &out, opts)
	if err != nil {
		return ports.Payout{}, err
	}
	return ports.Payout{ID: out.ID, Status: out.Status}, nil
}

var ErrBadSignature = errors.New("fiat: bad webhook signature")

// ParseWebhook verifies the "t=<unix>,v1=<hex hmac>" signature header and
// decodes the event envelope.
func (c *Client) ParseWebhook(payload []byte, signature string) (ports.WebhookEvent, error) {
	var ts int64
	var sig string
	for _, part := range strings.Split(signature, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts, _ = strconv.ParseInt(v, 10, 64)
		case "v1":
			sig = v
		}
	}
	if ts == 0 || sig == "" {
		return ports.WebhookEvent{}, ErrBadSignature
	}
	if d := time.Since(time.Unix(ts, 0)); d > c.tolerance || d < -c.tolerance {
		return ports.WebhookEvent{}, fmt.Errorf("%w: timestamp outside tolerance", ErrBadSignature)
	}
	mac := hmac.New(sha256.New, c.webhookSecret)
	fmt.Fprintf(mac, "%d.", ts)
	mac.Write(payload)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return ports.WebhookEvent{}, ErrBadSignature
	}

	var env struct {
		ID      string `json:"id"`
		Type    string `json:"type"`
		Created int64  `json:"created"`
		Data    struct {
			Object struct {
				ID       string            `json:"id"`
				Object   string            `json:"object"`
				Amount   int64             `json:"amount"`
				Metadata map[string]string `json:"metadata"`
			} `json:"object"`
		} `json:"data"`
	}
	if err := json.Unmarshal(payload, &env); err != nil {
		return ports.WebhookEvent{}, fmt.Errorf("fiat: decode webhook: %w", err)
	}
	ev := ports.WebhookEvent{ID: env.ID, Type: env.Type, Created: env.Created, Amount: env.Data.Object.Amount, Metadata: env.Data.Object.Metadata, Raw: payload}
	switch env.Data.Object.Object {
	case "charge":
		ev.ChargeID = env.Data.Object.ID
	case "payout":
		ev.PayoutID = env.Data.Object.ID
	}
	return ev, nil
}

var _ ports.FiatGateway = (*Client)(nil)
