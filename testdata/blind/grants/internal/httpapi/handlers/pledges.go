package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/civicfund/grants/internal/service"
)

type createPledgeRequest struct {
	DonorID         string `json:"donor_id"`
	CampaignID      string `json:"campaign_id"`
	AmountCents     int64  `json:"amount_cents"`
	Currency        string `json:"currency"`
	Interval        string `json:"interval"`
	StripeCustomer  string `json:"stripe_customer_id"`
	PaymentMethodID string `json:"payment_method_id"`
}

// CreatePledgeHandler returns the handler for POST /v1/pledges.
func CreatePledgeHandler(pledges service.PledgeService) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req createPledgeRequest
		if err := c.Bind(&req); err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "malformed body")
		}
		p, err := pledges.Create(c.Request().Context(), service.CreatePledgeInput{
			DonorID:        req.DonorID,
			CampaignID:     req.CampaignID,
			AmountCents:    req.AmountCents,
			Currency:       req.Currency,
			Interval:       req.Interval,
			StripeCustomer: req.StripeCustomer,
			StripePMethod:  req.PaymentMethodID,
		})
		if err != nil {
			return err
		}
		return c.JSON(http.StatusCreated, map[string]any{
			"id":           p.ID,
			"status":       p.Status,
			"interval":     p.Interval,
			"amount_cents": p.AmountCents,
		})
	}
}
