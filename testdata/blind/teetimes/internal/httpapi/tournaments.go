package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/fairwaylinks/teetimes/internal/service"
)

type enterTournamentRequest struct {
	Handicap float64 `json:"handicap"`
}

// EnterTournament handles POST /v1/tournaments/:id/entries.
func (h *Handler) EnterTournament(c echo.Context) error {
	var req enterTournamentRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	res, err := h.tournaments.Enter(c.Request().Context(), service.EnterTournamentInput{
		TournamentID: c.Param("id"),
		MemberID:     memberID(c),
		Handicap:     req.Handicap,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"entry_id":      res.Entry.ID,
		"tournament_id": res.Entry.TournamentID,
		"fee_cents":     res.Entry.FeeCents,
		"status":        res.Entry.Status,
		"client_secret": res.ClientSecret,
	})
}

type awardPrizesRequest struct {
	Placings []service.Placing `json:"placings"`
}

// AwardPrizes handles POST /v1/staff/tournaments/:id/prizes.
func (h *Handler) AwardPrizes(c echo.Context) error {
	var req awardPrizesRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	awards, err := h.tournaments.AwardPrizes(c.Request().Context(), c.Param("id"), req.Placings)
	if err != nil {
		return err
	}
	out := make([]map[string]any, 0, len(awards))
	for _, a := range awards {
		out = append(out, map[string]any{
			"id":           a.ID,
			"position":     a.Position,
			"member_id":    a.MemberID,
			"amount_cents": a.AmountCents,
			"status":       a.Status,
		})
	}
	return c.JSON(http.StatusOK, map[string]any{"awards": out})
}
