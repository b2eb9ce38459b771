package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/fairwaylinks/teetimes/internal/service"
)

type joinWaitlistRequest struct {
	CourseID    string `json:"course_id"`
	PlayDate    string `json:"play_date"`
	WindowStart string `json:"window_start"`
	WindowEnd   string `json:"window_end"`
	Players     int    `json:"players"`
}

// JoinWaitlist handles POST /v1/waitlist.
func (h *Handler) JoinWaitlist(c echo.Context) error {
	var req joinWaitlistRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	day, err := time.Parse("2006-01-02", req.PlayDate)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "play_date must be YYYY-MM-DD")
	}
	entry, err := h.waitlist.Join(c.Request().Context(), service.JoinWaitlistInput{
		MemberID:    memberID(c),
		CourseID:    req.CourseID,
		PlayDate:    day,
		WindowStart: req.WindowStart,
		WindowEnd:   req.WindowEnd,
		Players:     req.Players,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"id":           entry.ID,
		"course_id":    entry.CourseID,
		"play_date":    entry.PlayDate.Format("2006-01-02"),
		"window_start": entry.WindowStart,
		"window_end":   entry.WindowEnd,
		"players":      entry.Players,
		"status":       entry.Status,
	})
}

// AcceptOffer handles POST /v1/waitlist/offers/:id/accept. The response is
// the new booking; the member then checks out as for any booking.
func (h *Handler) AcceptOffer(c echo.Context) error {
	b, err := h.waitlist.AcceptOffer(c.Request().Context(), c.Param("id"), memberID(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toBookingView(b, ""))
}
