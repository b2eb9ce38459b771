// Package cardproc is the client for the card processor that takes housing
// deposits, meal-plan top-ups and damage charges against a student's stored
// card token.
//
// The processor deduplicates POST /v1/charges on the Idempotency-Key header:
// a repeated key within 24 hours returns the original charge instead of
// creating a new one. Requests without the header are never deduplicated.
package cardproc

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

	"github.com/quadhall/housing/internal/httpclient"
)

// Config holds the processor credentials.
type Config struct {
	BaseURL       string
	SecretKey     string
	WebhookSecret string
}

// Client talks to the processor's REST API.
type Client struct {
	cfg  Config
	http *http.Client
}

// New returns a Client using the shared retrying HTTP client.
func New(cfg Config, hc *http.Client) *Client {
	return &Client{cfg: cfg, http: hc}
}

// ChargeRequest is the body of POST /v1/charges.
type ChargeRequest struct {
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	CardToken   string            `json:"source"`
	Description string            `json:"description"`
	Metadata    map[string]string `json:"metadata,omitempty"`

	// IdempotencyKey is sent as the Idempotency-Key header, not in the body.
	IdempotencyKey string `json:"-"`
}

// Charge is the processor's charge object.
type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
	FailureCode string `json:"failure_code,omitempty"`
}

// ErrDeclined is returned when the processor declines the card.
var ErrDeclined = errors.New("cardproc: card declined")

// CreateCharge charges the card token in req.
func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	if req.Currency == "" {
		req.Currency = "usd"
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.cfg.SecretKey)
	if req.IdempotencyKey != "" {
		h.Set("Idempotency-Key", req.IdempotencyKey)
	}
	var out Charge
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Provider: "cardproc",
		Method:   http.MethodPost,
		URL:      c.cfg.BaseURL + "/v1/charges",
		Header:   h,
		Body:     req,
	}, &out)
	if httpclient.IsStatus(err, http.StatusPaymentRequired) {
		return nil, ErrDeclined
	}
	if err != nil {
		return nil, err
	}
	if out.Status == "failed" {
		return &out, fmt.Errorf("%w: %s", ErrDeclined, out.FailureCode)
	}
	return &out, nil
}

// VerifySignature checks the "t=<unix>,v1=<hex>" signature header the
// processor puts on webhook deliveries.
func (c *Client) VerifySignature(payload []byte, header string, now time.Time) error {
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
	if ts == "" || sig == "" {
		return errors.New("cardproc: malformed signature header")
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("cardproc: bad timestamp: %w", err)
	}
	if now.Sub(time.Unix(unix, 0)) > 5*time.Minute {
		return errors.New("cardproc: signature too old")
	}
	mac := hmac.New(sha256.New, []byte(c.cfg.WebhookSecret))
	mac.Write([]byte(ts + "."))
	mac.Write(payload)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return errors.New("cardproc: signature mismatch")
	}
	return nil
}

// Event is a webhook delivery. Deliveries are at-least-once; the same event
// ID is redelivered until we answer 2xx.
type Event struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

// ChargeRefunded is the data of a "charge.refunded" event.
type ChargeRefunded struct {
	ChargeID     string `json:"charge"`
	AmountCents  int64  `json:"amount_refunded"`
	RefundReason string `json:"reason"`
}

// DisputeCreated is the data of a "charge.dispute.created" event.
type DisputeCreated struct {
	DisputeID   string `json:"id"`
	ChargeID    string `json:"charge"`
	AmountCents int64  `json:"amount"`
	Reason      string `json:"reason"`
}
