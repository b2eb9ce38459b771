// Package partnerapi is the client for the Partner Gateway, the hub that
// forwards our notifications (claim status changes, commission statements)
// to each airline and agency partner's systems.
//
// The gateway drops a request whose X-Request-Id it has already delivered
// to the same partner in the last 24 hours and answers 200 with the original
// delivery id. Requests without X-Request-Id are always forwarded.
package partnerapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/skyguard-travel/policyhub/internal/platform/httpx"
)

// ClaimStatusUpdate tells a partner that a claim on one of its policies
// changed status.
type ClaimStatusUpdate struct {
	PolicyNumber string    `json:"policy_number"`
	BookingRef   string    `json:"booking_ref"`
	ClaimNumber  string    `json:"claim_number"`
	Status       string    `json:"status"`
	AmountMinor  int64     `json:"amount,omitempty"`
	Currency     string    `json:"currency,omitempty"`
	ChangedAt    time.Time `json:"changed_at"`
}

// Statement is a commission statement document.
type Statement struct {
	StatementID string          `json:"statement_id"`
	PeriodStart string          `json:"period_start"`
	PeriodEnd   string          `json:"period_end"`
	Currency    string          `json:"currency"`
	TotalMinor  int64           `json:"total"`
	Lines       []StatementLine `json:"lines"`
}

// StatementLine is one policy on a statement.
type StatementLine struct {
	PolicyNumber    string `json:"policy_number"`
	PremiumMinor    int64  `json:"premium"`
	CommissionMinor int64  `json:"commission"`
}

// CallOptions carries per-call delivery settings.
type CallOptions struct {
	// RequestID is forwarded as X-Request-Id.
	RequestID string
}

// Gateway forwards notifications to partners.
type Gateway interface {
	PostClaimStatus(ctx context.Context, partnerCode string, u ClaimStatusUpdate, o CallOptions) error
	PostStatement(ctx context.Context, partnerCode string, s Statement, o CallOptions) (deliveryID string, err error)
}

type client struct {
	http    *retryablehttp.Client
	baseURL string
	token   string
}

// New returns a Partner Gateway client.
func New(baseURL, token string, log *slog.Logger) Gateway {
	return &client{http: httpx.New(log, httpx.WithRetryMax(5)), baseURL: baseURL, token: token}
}

func (c *client) headers(o CallOptions) map[string]string {
	return map[string]string{
		"Authorization": "Bearer " + c.token,
		"X-Request-Id":  o.RequestID,
	}
}

func (c *client) PostClaimStatus(ctx context.Context, partnerCode string, u ClaimStatusUpdate, o CallOptions) error {
	_, err := httpx.DoJSON(ctx, c.http, "partnergw", httpx.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/v1/partners/" + partnerCode + "/claim-status",
		Body:    u,
		Headers: c.headers(o),
	}, nil)
	return err
}

func (c *client) PostStatement(ctx context.Context, partnerCode string, s Statement, o CallOptions) (string, error) {
	var out struct {
		DeliveryID string `json:"delivery_id"`
	}
	if _, err := httpx.DoJSON(ctx, c.http, "partnergw", httpx.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/v1/partners/" + partnerCode + "/commission-statements",
		Body:    s,
		Headers: c.headers(o),
	}, &out); err != nil {
		return "", err
	}
	return out.DeliveryID, nil
}
