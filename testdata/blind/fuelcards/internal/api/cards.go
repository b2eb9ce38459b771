package api

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/pipeline"
	"github.com/ridgeline-fleet/fuelcards/internal/service/cards"
)

// CardService is the card lifecycle service.
type CardService interface {
	Issue(ctx context.Context, cmd cards.IssueCard) (domain.Card, error)
	Activate(ctx context.Context, cmd cards.ActivateCard) (domain.Card, error)
	Replace(ctx context.Context, cmd cards.ReplaceCard) (domain.Card, error)
	SetLimits(ctx context.Context, cmd cards.SetLimits) (domain.Card, error)
}

// CardHandlers serves /v1/cards.
type CardHandlers struct {
	Issue     echo.HandlerFunc
	Activate  echo.HandlerFunc
	Replace   echo.HandlerFunc
	SetLimits echo.HandlerFunc
}

// cardJSON is the API representation of a card.
type cardJSON struct {
	ID               uuid.UUID  `json:"id"`
	FleetID          uuid.UUID  `json:"fleet_id"`
	DriverID         uuid.UUID  `json:"driver_id"`
	Last4            string     `json:"last4"`
	Status           string     `json:"status"`
	DailyLimitCents  int64      `json:"daily_limit_cents"`
	PerTxnLimitCents int64      `json:"per_txn_limit_cents"`
	ReplacedBy       *uuid.UUID `json:"replaced_by,omitempty"`
}

func toCardJSON(c domain.Card) cardJSON {
	return cardJSON{
		ID: c.ID, FleetID: c.FleetID, DriverID: c.DriverID, Last4: c.Last4,
		Status: string(c.Status), DailyLimitCents: c.DailyLimitCents,
		PerTxnLimitCents: c.PerTxnLimitCents, ReplacedBy: c.ReplacedBy,
	}
}

// asJSON maps a card-returning handler to one returning the API shape.
func asJSON[C any](h pipeline.Handler[C, domain.Card]) pipeline.Handler[C, cardJSON] {
	return func(ctx context.Context, cmd C) (cardJSON, error) {
		c, err := h(ctx, cmd)
		return toCardJSON(c), err
	}
}

func cardIDParam(c echo.Context) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		return uuid.Nil, domain.Invalid("id", "must be a UUID")
	}
	return id, nil
}

// NewCardHandlers wires the card service into echo handlers.
func NewCardHandlers(svc CardService, log *slog.Logger) *CardHandlers {
	return &CardHandlers{
		Issue: bindRun(asJSON(decorate(log, "cards.issue", svc.Issue)), http.StatusCreated,
			func(c echo.Context, cmd *cards.IssueCard) error {
				cmd.IdempotencyKey = c.Request().Header.Get("Idempotency-Key")
				return nil
			}),
		Activate: bindRun(asJSON(decorate(log, "cards.activate", svc.Activate)), http.StatusOK,
			func(c echo.Context, cmd *cards.ActivateCard) error {
				id, err := cardIDParam(c)
				cmd.CardID = id
				return err
			}),
		Replace: bindRun(asJSON(decorate(log, "cards.replace", svc.Replace)), http.StatusCreated,
			func(c echo.Context, cmd *cards.ReplaceCard) error {
				id, err := cardIDParam(c)
				cmd.CardID = id
				return err
			}),
		SetLimits: bindRun(asJSON(decorate(log, "cards.set_limits", svc.SetLimits)), http.StatusOK,
			func(c echo.Context, cmd *cards.SetLimits) error {
				id, err := cardIDParam(c)
				cmd.CardID = id
				return err
			}),
	}
}
