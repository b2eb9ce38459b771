package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/fairwaylinks/teetimes/internal/service"
)

type registerContractorRequest struct {
	Kind            string `json:"kind"`
	FullName        string `json:"full_name"`
	Email           string `json:"email"`
	Phone           string `json:"phone"`
	StripeAccountID string `json:"stripe_account_id"`
	HourlyRateCents int64  `json:"hourly_rate_cents"`
}

// RegisterContractor handles POST /v1/staff/contractors.
func (h *Handler) RegisterContractor(c echo.Context) error {
	var req registerContractorRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	ct, err := h.marketplace.RegisterContractor(c.Request().Context(), service.ContractorInput{
		Kind:            req.Kind,
		FullName:        req.FullName,
		Email:           req.Email,
		Phone:           req.Phone,
		StripeAccountID: req.StripeAccountID,
		HourlyRateCents: req.HourlyRateCents,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"id":                ct.ID,
		"kind":              ct.Kind,
		"full_name":         ct.FullName,
		"email":             ct.Email,
		"hourly_rate_cents": ct.HourlyRateCents,
		"commission_bps":    ct.CommissionBps,
	})
}

type bookSessionRequest struct {
	ContractorID    string    `json:"contractor_id"`
	BookingID       string    `json:"booking_id"`
	StartsAt        time.Time `json:"starts_at"`
	DurationMinutes int       `json:"duration_minutes"`
}

// BookSession handles POST /v1/marketplace/sessions: a lesson with a coach
// or a caddie for a round.
func (h *Handler) BookSession(c echo.Context) error {
	var req bookSessionRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	res, err := h.marketplace.BookSession(c.Request().Context(), h.newID(), service.BookSessionInput{
		ContractorID:    req.ContractorID,
		MemberID:        memberID(c),
		BookingID:       req.BookingID,
		StartsAt:        req.StartsAt,
		DurationMinutes: req.DurationMinutes,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"id":               res.Session.ID,
		"contractor_id":    res.Session.ContractorID,
		"starts_at":        res.Session.StartsAt,
		"duration_minutes": res.Session.DurationMinutes,
		"price_cents":      res.Session.PriceCents,
		"status":           res.Session.Status,
		"client_secret":    res.ClientSecret,
	})
}

// CompleteSession handles POST /v1/staff/marketplace/sessions/:id/complete.
func (h *Handler) CompleteSession(c echo.Context) error {
	payout, err := h.marketplace.CompleteSession(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"session_id":    payout.SessionID,
		"payout_id":     payout.ID,
		"payout_cents":  payout.AmountCents,
		"payout_status": payout.Status,
	})
}
