package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/frostline-arena/rinkops/internal/leagues"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/providers/partnerq"
)

// on adapts a typed handler to partnerq.HandlerFunc.
func on[D any](fn func(ctx context.Context, evt partnerq.Inbound, d D) error) partnerq.HandlerFunc {
	return func(ctx context.Context, evt partnerq.Inbound) error {
		var d D
		if err := json.Unmarshal(evt.Data, &d); err != nil {
			return fmt.Errorf("%w: %s data: %v", partnerq.ErrUnknownType, evt.Type, err)
		}
		return fn(ctx, evt, d)
	}
}

type teamRegistered struct {
	TeamID       string `json:"team_id"`
	Name         string `json:"name"`
	CaptainEmail string `json:"captain_email"`
}

type gameRescheduled struct {
	GameID   string    `json:"game_id"`
	StartsAt time.Time `json:"starts_at"`
	EndsAt   time.Time `json:"ends_at"`
}

type iceCreditGranted struct {
	TeamID  string `json:"team_id"`
	Minutes int32  `json:"minutes"`
	Reason  string `json:"reason"`
}

// NewPartnerConsumer builds the SQS consumer for league events and its
// routing table.
func NewPartnerConsumer(api partnerq.API, cfg platform.PartnerQueueConfig, lc *leagues.Commands, log *slog.Logger) *partnerq.Consumer {
	c := partnerq.NewConsumer(api, cfg, log.With("consumer", "partner"))

	c.Handle("league.team_registered", on(func(ctx context.Context, evt partnerq.Inbound, d teamRegistered) error {
		return lc.RegisterTeam.Handle(ctx, leagues.RegisterTeam{
			PartnerTeamID: d.TeamID,
			LeagueID:      evt.LeagueID,
			Name:          d.Name,
			CaptainEmail:  d.CaptainEmail,
		})
	}))

	c.Handle("league.game_rescheduled", on(func(ctx context.Context, evt partnerq.Inbound, d gameRescheduled) error {
		return lc.Reschedule.Handle(ctx, leagues.RescheduleGame{
			EventID:       evt.EventID,
			PartnerGameID: d.GameID,
			NewStartsAt:   d.StartsAt,
			NewEndsAt:     d.EndsAt,
		})
	}))

	c.Handle("league.ice_credit_granted", on(func(ctx context.Context, evt partnerq.Inbound, d iceCreditGranted) error {
		return lc.GrantCredit.Handle(ctx, leagues.GrantCredit{
			EventID:       evt.EventID,
			PartnerTeamID: d.TeamID,
			Minutes:       d.Minutes,
			Reason:        d.Reason,
		})
	}))
	return c
}
