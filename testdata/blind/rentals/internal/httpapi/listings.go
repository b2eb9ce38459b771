package httpapi

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/gearloop/rentals/internal/service"
)

// ListingHandlers serves listing and calendar endpoints.
type ListingHandlers struct {
	svc service.Listings
}

// NewListingHandlers builds the handler group.
func NewListingHandlers(svc service.Listings) *ListingHandlers {
	return &ListingHandlers{svc: svc}
}

type createListingRequest struct {
	service.CreateListingInput
}

func (r *createListingRequest) Validate() error {
	if r.Title == "" {
		return errors.New("title is required")
	}
	if r.DailyRateCents <= 0 {
		return errors.New("daily_rate_cents must be positive")
	}
	if r.DepositCents < 0 {
		return errors.New("deposit_cents must not be negative")
	}
	return nil
}

// Create handles POST /v1/listings. An Idempotency-Key header is required.
func (h *ListingHandlers) Create(c echo.Context) error {
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" || len(key) > 128 {
		return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
	}
	req, err := bind[createListingRequest](c)
	if err != nil {
		return err
	}
	l, err := h.svc.Create(c.Request().Context(), userID(c), key, req.CreateListingInput)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, l)
}

type placeHoldsRequest struct {
	BookingID string `json:"booking_id"`
}

func (r *placeHoldsRequest) Validate() error {
	return required(map[string]string{"booking_id": r.BookingID})
}

// PlaceHolds handles POST /v1/listings/:id/holds.
func (h *ListingHandlers) PlaceHolds(c echo.Context) error {
	req, err := bind[placeHoldsRequest](c)
	if err != nil {
		return err
	}
	holds, err := h.svc.PlaceHolds(c.Request().Context(), c.Param("id"), req.BookingID, userID(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{"holds": holds})
}
