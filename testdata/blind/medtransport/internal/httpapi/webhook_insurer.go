package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/carelift-health/nemt/internal/service/preauth"
	"github.com/carelift-health/nemt/internal/service/remittance"
	"github.com/carelift-health/nemt/internal/webhooks"
)

// insurerWebhook receives the payer partner's callbacks. The partner
// retries every callback until it gets a 2xx, with backoff, for 48 hours.
type insurerWebhook struct {
	preauth    PreAuthService
	remittance RemittanceService
	secret     string
}

type insurerCallback struct {
	CallbackID string          `json:"callback_id"`
	Type       string          `json:"type"`
	Data       json.RawMessage `json:"data"`
}

type preauthDecisionData struct {
	DecisionID  string    `json:"decision_id"`
	ProviderRef uuid.UUID `json:"provider_ref"`
	Outcome     string    `json:"outcome"`
	AuthNumber  string    `json:"auth_number"`
	Reason      string    `json:"reason"`
}

type remittanceData struct {
	ClaimNumber string `json:"claim_number"`
	PaidCents   int64  `json:"paid_cents"`
	TraceNumber string `json:"trace_number"`
}

func (h *insurerWebhook) handle(c echo.Context) error {
	ctx := c.Request().Context()
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "read body")
	}
	sig := c.Request().Header.Get("X-Partner-Signature")
	if err := webhooks.VerifyPartnerSignature(sig, body, h.secret, 5*time.Minute, time.Now()); err != nil {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}

	var cb insurerCallback
	if err := json.Unmarshal(body, &cb); err != nil || cb.CallbackID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed callback")
	}

	switch cb.Type {
	case "preauth.decision":
		var d preauthDecisionData
		if err := json.Unmarshal(cb.Data, &d); err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "malformed decision")
		}
		if d.Outcome != "approved" && d.Outcome != "denied" {
			return echo.NewHTTPError(http.StatusBadRequest, "unknown outcome")
		}
		err = h.preauth.ApplyDecision(ctx, preauth.Decision{
			DecisionID: d.DecisionID,
			RideID:     d.ProviderRef,
			Outcome:    d.Outcome,
			AuthNumber: d.AuthNumber,
			Reason:     d.Reason,
		})
	case "claim.remittance":
		var r remittanceData
		if err := json.Unmarshal(cb.Data, &r); err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "malformed remittance")
		}
		err = h.remittance.Apply(ctx, remittance.Remittance{
			CallbackID:  cb.CallbackID,
			ClaimNumber: r.ClaimNumber,
			PaidCents:   r.PaidCents,
			TraceNumber: r.TraceNumber,
		})
	default:
		return c.NoContent(http.StatusNoContent)
	}
	if err != nil {
		var he *echo.HTTPError
		if errors.As(toHTTPError(err), &he) {
			return he
		}
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
