package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablewise/reservations/internal/idempotency"
	"github.com/tablewise/reservations/internal/restaurant"
)

const scopeRestaurantCancel = "restaurant.cancel_booking"

// RestaurantHandler serves restaurant staff routes.
type RestaurantHandler struct {
	svc   restaurant.Service
	guard *idempotency.Guard
}

func NewRestaurantHandler(svc restaurant.Service, guard *idempotency.Guard) *RestaurantHandler {
	return &RestaurantHandler{svc: svc, guard: guard}
}

// Confirm handles POST /v1/restaurants/:rid/bookings/:id/confirm.
func (h *RestaurantHandler) Confirm(c echo.Context) error {
	b, err := h.svc.Confirm(c.Request().Context(), c.Param("rid"), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toBookingView(b))
}

type restaurantCancelRequest struct {
	Reason string `json:"reason"`
}

// Cancel handles POST /v1/restaurants/:rid/bookings/:id/cancel.
func (h *RestaurantHandler) Cancel(c echo.Context) error {
	ctx := c.Request().Context()
	req, raw, err := readJSON[restaurantCancelRequest](c)
	if err != nil {
		return err
	}
	if req.Reason == "" {
		req.Reason = "unspecified"
	}

	key := c.Request().Header.Get("Idempotency-Key")
	if key != "" {
		fresh, err := h.guard.Begin(ctx, scopeRestaurantCancel, key, raw)
		if err != nil {
			return err
		}
		if !fresh {
			return h.replayCancel(c, key)
		}
	}

	b, err := h.svc.CancelBooking(ctx, c.Param("rid"), c.Param("id"), req.Reason)
	if err != nil {
		return err
	}
	if key != "" {
		if err := h.guard.Finish(ctx, scopeRestaurantCancel, key, b.ID); err != nil {
			loggerFrom(c).Warn("finish idempotency key", "err", err)
		}
	}
	return c.JSON(http.StatusOK, toBookingView(b))
}

func (h *RestaurantHandler) replayCancel(c echo.Context, key string) error {
	rec, err := h.guard.Lookup(c.Request().Context(), scopeRestaurantCancel, key)
	if err != nil {
		return err
	}
	if !rec.CompletedAt.Valid {
		return echo.NewHTTPError(http.StatusConflict, "a request with this Idempotency-Key is in progress")
	}
	return c.JSON(http.StatusOK, map[string]string{"id": rec.ResourceID.String, "status": "cancelled"})
}

// CreatePayoutAccount handles POST /v1/restaurants/:rid/payout-account.
func (h *RestaurantHandler) CreatePayoutAccount(c echo.Context) error {
	id, err := h.svc.CreatePayoutAccount(c.Request().Context(), c.Param("rid"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"stripe_account_id": id})
}

type slotsRequest struct {
	Slots []struct {
		TableID         string    `json:"table_id"`
		StartsAt        time.Time `json:"starts_at"`
		DurationMinutes int32     `json:"duration_minutes"`
		PartyMax        int32     `json:"party_max"`
	} `json:"slots"`
}

// PublishSlots handles PUT /v1/restaurants/:rid/slots.
func (h *RestaurantHandler) PublishSlots(c echo.Context) error {
	req, _, err := readJSON[slotsRequest](c)
	if err != nil {
		return err
	}
	if len(req.Slots) == 0 || len(req.Slots) > 500 {
		return echo.NewHTTPError(http.StatusBadRequest, "between 1 and 500 slots per request")
	}
	specs := make([]restaurant.SlotSpec, 0, len(req.Slots))
	for _, s := range req.Slots {
		if s.TableID == "" || s.StartsAt.IsZero() || s.DurationMinutes <= 0 || s.PartyMax <= 0 {
			return echo.NewHTTPError(http.StatusBadRequest, "each slot needs table_id, starts_at, duration_minutes, party_max")
		}
		specs = append(specs, restaurant.SlotSpec{
			TableID:         s.TableID,
			StartsAt:        s.StartsAt,
			DurationMinutes: s.DurationMinutes,
			PartyMax:        s.PartyMax,
		})
	}
	added, err := h.svc.PublishSlots(c.Request().Context(), c.Param("rid"), specs)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]int{"requested": len(specs), "added": added})
}
