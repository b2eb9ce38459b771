package api

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/pipeline"
	"github.com/ridgeline-fleet/fuelcards/internal/service/fraud"
)

// FraudService manages fraud holds.
type FraudService interface {
	PlaceHold(ctx context.Context, cmd fraud.PlaceHold) (domain.FraudHold, error)
	ReleaseHold(ctx context.Context, cmd fraud.ReleaseHold) (domain.FraudHold, error)
}

// FraudHandlers serves the fraud operations console.
type FraudHandlers struct {
	place   pipeline.Handler[fraud.PlaceHold, domain.FraudHold]
	release pipeline.Handler[fraud.ReleaseHold, domain.FraudHold]
}

// NewFraudHandlers builds the handlers.
func NewFraudHandlers(svc FraudService, log *slog.Logger) *FraudHandlers {
	return &FraudHandlers{
		place: decorate(log, "fraud.place_hold", svc.PlaceHold),
		release: pipeline.Chain(svc.ReleaseHold,
			pipeline.Logged[fraud.ReleaseHold, domain.FraudHold](log, "fraud.release_hold", errQuiet...)),
	}
}

type holdJSON struct {
	ID         uuid.UUID  `json:"id"`
	CardID     uuid.UUID  `json:"card_id"`
	Reason     string     `json:"reason"`
	PlacedBy   string     `json:"placed_by"`
	PlacedAt   time.Time  `json:"placed_at"`
	ReleasedAt *time.Time `json:"released_at,omitempty"`
	ReleasedBy *string    `json:"released_by,omitempty"`
}

func toHoldJSON(h domain.FraudHold) holdJSON {
	return holdJSON{ID: h.ID, CardID: h.CardID, Reason: h.Reason, PlacedBy: h.PlacedBy,
		PlacedAt: h.PlacedAt, ReleasedAt: h.ReleasedAt, ReleasedBy: h.ReleasedBy}
}

// Place handles POST /v1/fraud/holds.
func (h *FraudHandlers) Place(c echo.Context) error {
	var cmd fraud.PlaceHold
	if err := c.Bind(&cmd); err != nil {
		return err
	}
	cmd.PlacedBy, _ = c.Get(operatorKey).(string)
	hold, err := h.place(c.Request().Context(), cmd)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toHoldJSON(hold))
}

// Release handles POST /v1/fraud/holds/:id/release.
func (h *FraudHandlers) Release(c echo.Context) error {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		return domain.Invalid("id", "must be a UUID")
	}
	by, _ := c.Get(operatorKey).(string)
	hold, err := h.release(c.Request().Context(), fraud.ReleaseHold{HoldID: id, ReleasedBy: by})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toHoldJSON(hold))
}
