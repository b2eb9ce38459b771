package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/fairwaylinks/teetimes/internal/service"
)

type declareClosureRequest struct {
	CourseID   string    `json:"course_id"`
	PlayDate   string    `json:"play_date"`
	ClosedFrom time.Time `json:"closed_from"`
	Reason     string    `json:"reason"`
}

// DeclareClosure handles POST /v1/staff/closures.
func (h *Handler) DeclareClosure(c echo.Context) error {
	var req declareClosureRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	day, err := time.Parse("2006-01-02", req.PlayDate)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "play_date must be YYYY-MM-DD")
	}
	closure, err := h.rainChecks.DeclareClosure(c.Request().Context(), service.ClosureInput{
		CourseID:   req.CourseID,
		PlayDate:   day,
		ClosedFrom: req.ClosedFrom,
		Reason:     req.Reason,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"id":          closure.ID,
		"course_id":   closure.CourseID,
		"play_date":   closure.PlayDate.Format("2006-01-02"),
		"closed_from": closure.ClosedFrom,
		"issued_at":   closure.IssuedAt,
	})
}

type applyRainCheckRequest struct {
	BookingID string `json:"booking_id"`
}

// ApplyRainCheck handles POST /v1/rainchecks/:id/apply.
func (h *Handler) ApplyRainCheck(c echo.Context) error {
	var req applyRainCheckRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	credit, err := h.rainChecks.Apply(c.Request().Context(), c.Param("id"), req.BookingID, memberID(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"credit_id":    credit.ID,
		"booking_id":   credit.BookingID,
		"amount_cents": credit.AmountCents,
	})
}
