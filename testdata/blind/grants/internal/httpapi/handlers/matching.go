package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/civicfund/grants/internal/service"
)

type createOfferRequest struct {
	SponsorRef string `json:"sponsor_ref"`
	CapCents   int64  `json:"cap_cents"`
	RatioPct   int    `json:"ratio_pct"`
}

// CreateMatchingOfferHandler returns the handler for
// POST /v1/campaigns/:id/matching-offers.
func CreateMatchingOfferHandler(matching service.MatchingService) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req createOfferRequest
		if err := c.Bind(&req); err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "malformed body")
		}
		offer, created, err := matching.CreateOffer(c.Request().Context(), service.CreateOfferInput{
			CampaignID: c.Param("id"),
			SponsorRef: req.SponsorRef,
			CapCents:   req.CapCents,
			RatioPct:   req.RatioPct,
		})
		if err != nil {
			return err
		}
		status := http.StatusOK
		if created {
			status = http.StatusCreated
		}
		return c.JSON(status, offer)
	}
}
