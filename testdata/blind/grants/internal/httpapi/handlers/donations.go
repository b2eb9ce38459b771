// Package handlers holds the echo handlers of the public API.
package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/civicfund/grants/internal/service"
)

// DonationHandler serves one-off gifts and refunds.
type DonationHandler struct {
	Donations service.DonationService
}

type createDonationRequest struct {
	DonorID     string `json:"donor_id"`
	DonorEmail  string `json:"donor_email"`
	CampaignID  string `json:"campaign_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

type donationResponse struct {
	ID           string `json:"id"`
	Status       string `json:"status"`
	AmountCents  int64  `json:"amount_cents"`
	Currency     string `json:"currency"`
	ClientSecret string `json:"client_secret,omitempty"`
}

// Create handles POST /v1/donations. The checkout page sends an
// Idempotency-Key it generated when the form was rendered.
func (h *DonationHandler) Create(c echo.Context) error {
	var req createDonationRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed body")
	}
	d, err := h.Donations.Create(c.Request().Context(), service.CreateDonationInput{
		IdempotencyKey: c.Request().Header.Get("Idempotency-Key"),
		DonorID:        req.DonorID,
		DonorEmail:     req.DonorEmail,
		CampaignID:     req.CampaignID,
		AmountCents:    req.AmountCents,
		Currency:       req.Currency,
	})
	if err != nil {
		return err
	}
	resp := donationResponse{ID: d.ID, Status: d.Status, AmountCents: d.AmountCents, Currency: d.Currency}
	if d.ClientSecret != nil {
		resp.ClientSecret = *d.ClientSecret
	}
	return c.JSON(http.StatusCreated, resp)
}

type refundRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

// Refund handles POST /v1/donations/:id/refunds (staff only).
func (h *DonationHandler) Refund(c echo.Context) error {
	var req refundRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed body")
	}
	rf, err := h.Donations.Refund(c.Request().Context(), service.RefundInput{
		DonationID:  c.Param("id"),
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
		RequestedBy: c.Request().Header.Get("X-Authenticated-User"),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"refund_id":    rf.ID,
		"donation_id":  rf.DonationID,
		"amount_cents": rf.AmountCents,
	})
}
