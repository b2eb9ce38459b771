package httpapi

import (
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/meterly/subs/internal/service/credit"
	"github.com/meterly/subs/internal/service/signup"
)

func bind[T any](c echo.Context) (T, error) {
	var v T
	if err := c.Bind(&v); err != nil {
		return v, echo.NewHTTPError(http.StatusBadRequest, "invalid JSON body")
	}
	return v, nil
}

// SignUp handles POST /v1/signups.
func (h *Handlers) SignUp(c echo.Context) error {
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, signup.ErrMissingKey.Error())
	}
	req, err := bind[signup.Request](c)
	if err != nil {
		return err
	}
	if req.Email == "" || req.PlanID == "" || req.PaymentMethod == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "email, plan_id and payment_method are required")
	}
	res, err := h.Signup.SignUp(c.Request().Context(), key, req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, res)
}

type changePlanBody struct {
	PlanID string `json:"plan_id"`
}

// ChangePlan handles POST /v1/subscriptions/:id/upgrade.
func (h *Handlers) ChangePlan(c echo.Context) error {
	body, err := bind[changePlanBody](c)
	if err != nil {
		return err
	}
	if body.PlanID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "plan_id is required")
	}
	res, err := h.Subscriptions.ChangePlan(c.Request().Context(), c.Param("id"), body.PlanID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

type cancelBody struct {
	AtPeriodEnd bool `json:"at_period_end"`
}

// Cancel handles POST /v1/subscriptions/:id/cancel.
func (h *Handlers) Cancel(c echo.Context) error {
	body, err := bind[cancelBody](c)
	if err != nil {
		return err
	}
	sub, err := h.Subscriptions.Cancel(c.Request().Context(), c.Param("id"), body.AtPeriodEnd)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sub)
}

type grantBody struct {
	AmountCents int64      `json:"amount_cents"`
	Reason      string     `json:"reason"`
	ExpiresAt   *time.Time `json:"expires_at"`
}

// GrantCredit handles POST /v1/customers/:id/credits.
func (h *Handlers) GrantCredit(c echo.Context) error {
	body, err := bind[grantBody](c)
	if err != nil {
		return err
	}
	grant, err := h.Credits.Grant(c.Request().Context(), credit.GrantRequest{
		CustomerID:  c.Param("id"),
		AmountCents: body.AmountCents,
		Reason:      body.Reason,
		ExpiresAt:   body.ExpiresAt,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"id":              grant.ID,
		"customer_id":     grant.CustomerID,
		"amount_cents":    grant.AmountCents,
		"remaining_cents": grant.RemainingCents,
		"expires_at":      grant.ExpiresAt,
	})
}

type redeemBody struct {
	CustomerID string `json:"customer_id"`
	Code       string `json:"code"`
}

// RedeemCoupon handles POST /v1/coupons/redeem.
func (h *Handlers) RedeemCoupon(c echo.Context) error {
	body, err := bind[redeemBody](c)
	if err != nil {
		return err
	}
	if body.CustomerID == "" || body.Code == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "customer_id and code are required")
	}
	red, err := h.Credits.RedeemCoupon(c.Request().Context(), body.CustomerID, body.Code)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, red)
}

// PayInvoice handles POST /v1/invoices/:id/pay.
func (h *Handlers) PayInvoice(c echo.Context) error {
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
	}
	out, err := h.Invoices.PayNow(c.Request().Context(), c.Param("id"), key)
	if err != nil {
		return err
	}
	code := http.StatusOK
	if out.FailureCode != "" {
		code = http.StatusPaymentRequired
	}
	return c.JSON(code, out)
}

type endpointBody struct {
	URL        string   `json:"url"`
	EventTypes []string `json:"event_types"`
}

// CreateWebhookEndpoint handles POST /v1/webhook-endpoints.
func (h *Handlers) CreateWebhookEndpoint(c echo.Context) error {
	body, err := bind[endpointBody](c)
	if err != nil {
		return err
	}
	customerID, _ := c.Get(ctxCustomerID).(string)
	if customerID == "" {
		return echo.NewHTTPError(http.StatusForbidden, "no account bound to this key")
	}
	ep, created, err := h.Webhooks.RegisterEndpoint(c.Request().Context(), customerID, body.URL, body.EventTypes)
	if err != nil {
		return err
	}
	code := http.StatusOK
	if created {
		code = http.StatusCreated
	}
	return c.JSON(code, ep)
}

// StripeWebhook handles POST /webhooks/stripe.
func (h *Handlers) StripeWebhook(c echo.Context) error {
	payload, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	evt, err := webhook.ConstructEventWithOptions(payload, c.Request().Header.Get("Stripe-Signature"), h.StripeSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad signature")
	}
	if err := h.StripeEvents.Handle(c.Request().Context(), evt); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return echo.NewHTTPError(http.StatusBadRequest, "truncated event")
		}
		return err
	}
	return c.NoContent(http.StatusOK)
}
