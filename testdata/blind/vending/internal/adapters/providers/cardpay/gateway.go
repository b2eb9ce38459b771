package cardpay

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/vendgrid/fleetops/internal/app"
)

// Gateway adapts Client to app.CardProcessor.
type Gateway struct {
	client *Client
}

func NewGateway(c *Client) *Gateway { return &Gateway{client: c} }

var _ app.CardProcessor = (*Gateway)(nil)

func keyOpts(key string) []CallOption {
	if key == "" {
		return nil
	}
	return []CallOption{WithIdempotencyKey(key)}
}

func (g *Gateway) Authorize(ctx context.Context, req app.CardAuthorization) (app.CardAuthResult, error) {
	a, err := g.client.Authorize(ctx, AuthorizeRequest{
		CardToken:  req.CardToken,
		Amount:     int64(req.AmountCents),
		Currency:   req.Currency,
		Reference:  req.Reference,
		TerminalID: req.TerminalID,
	}, keyOpts(req.IdempotencyKey)...)
	if err != nil {
		return app.CardAuthResult{}, translate(err)
	}
	return app.CardAuthResult{
		AuthorizationID: a.ID,
		Approved:        a.Status == "approved",
		DeclineCode:     a.DeclineCode,
	}, nil
}

func (g *Gateway) Capture(ctx context.Context, req app.CardCapture) (app.CardOpResult, error) {
	op, err := g.client.Capture(ctx, req.AuthorizationID, CaptureRequest{Amount: int64(req.AmountCents)}, keyOpts(req.IdempotencyKey)...)
	if err != nil {
		return app.CardOpResult{}, translate(err)
	}
	return app.CardOpResult{ID: op.ID, Status: op.Status}, nil
}

func (g *Gateway) Void(ctx context.Context, req app.CardVoid) (app.CardOpResult, error) {
	op, err := g.client.Void(ctx, req.AuthorizationID, keyOpts(req.IdempotencyKey)...)
	if err != nil {
		return app.CardOpResult{}, translate(err)
	}
	return app.CardOpResult{ID: op.ID, Status: op.Status}, nil
}

func (g *Gateway) Refund(ctx context.Context, req app.CardRefund) (app.CardOpResult, error) {
	op, err := g.client.Refund(ctx, RefundRequest{
		CaptureID: req.CaptureID,
		Amount:    int64(req.AmountCents),
		Reason:    req.Reason,
	}, keyOpts(req.IdempotencyKey)...)
	if err != nil {
		return app.CardOpResult{}, translate(err)
	}
	return app.CardOpResult{ID: op.ID, Status: op.Status}, nil
}

// translate turns definitive 4xx answers into app.ProviderRejection so the
// services can tell a refusal from a transport failure.
func translate(err error) error {
	var apiErr *APIError
	if errors.As(err, &apiErr) && !apiErr.Temporary() {
		return &app.ProviderRejection{Provider: "cardpay", Code: apiErr.Code, Message: apiErr.Message}
	}
	return err
}

// SignatureHeader carries "t=<unix>,v1=<hex hmac>" over "<t>.<body>".
const SignatureHeader = "CardPay-Signature"

var ErrBadSignature = errors.New("cardpay: bad webhook signature")

// VerifySignature checks a webhook body against its signature header and
// rejects timestamps older than tolerance.
func VerifySignature(secret, header string, body []byte, now time.Time, tolerance time.Duration) error {
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
		return ErrBadSignature
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return ErrBadSignature
	}
	if now.Sub(time.Unix(unix, 0)) > tolerance {
		return ErrBadSignature
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return ErrBadSignature
	}
	return nil
}

// Event is the webhook payload.
type Event struct {
	ID      string    `json:"id"`
	Type    string    `json:"type"`
	Created time.Time `json:"created"`
	Data    struct {
		CaptureID string `json:"capture_id"`
		Amount    int64  `json:"amount"`
		Fee       int64  `json:"fee"`
	} `json:"data"`
}

func ParseEvent(body []byte) (Event, error) {
	var e Event
	if err := json.Unmarshal(body, &e); err != nil {
		return Event{}, err
	}
	if e.ID == "" || e.Type == "" {
		return Event{}, errors.New("cardpay: event without id or type")
	}
	return e, nil
}
