package leagues

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/frostline-arena/rinkops/internal/db"
	"github.com/frostline-arena/rinkops/internal/platform"
)

type registerTeamHandler struct {
	repo Repository
	log  *slog.Logger
}

func (h *registerTeamHandler) Handle(ctx context.Context, cmd RegisterTeam) error {
	team, err := h.repo.InsertTeam(ctx, db.InsertLeagueTeamParams{
		PartnerTeamID: cmd.PartnerTeamID,
		LeagueID:      cmd.LeagueID,
		Name:          cmd.Name,
		CaptainEmail:  cmd.CaptainEmail,
	})
	if err != nil {
		return fmt.Errorf("register team %s: %w", cmd.PartnerTeamID, err)
	}
	h.log.InfoContext(ctx, "league team registered", "team", team.ID, "partner_team", team.PartnerTeamID)
	return nil
}

type rescheduleGameHandler struct {
	repo Repository
	tx   platform.TxRunner
	log  *slog.Logger
}

func (h *rescheduleGameHandler) Handle(ctx context.Context, cmd RescheduleGame) error {
	cur, err := h.repo.BookingForGame(ctx, cmd.PartnerGameID)
	if err != nil {
		return err
	}
	if cur.Status != "confirmed" {
		// Already moved or cancelled; nothing left to do for this game.
		h.log.InfoContext(ctx, "reschedule skipped", "game", cmd.PartnerGameID, "booking", cur.ID, "status", cur.Status)
		return nil
	}

	moved := platform.DeriveUUID("game-move", cmd.PartnerGameID, cmd.EventID)
	err = h.tx.InTx(ctx, func(ctx context.Context) error {
		ok, err := h.repo.MarkMoved(ctx, cur.ID)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("booking %s changed underneath reschedule: %w", cur.ID, platform.ErrConflict)
		}
		return h.repo.CreateBooking(ctx, db.InsertIceBookingParams{
			ID:            moved,
			TeamID:        cur.TeamID,
			RinkID:        cur.RinkID,
			StartsAt:      cmd.NewStartsAt,
			EndsAt:        cmd.NewEndsAt,
			AmountCents:   cur.AmountCents,
			PartnerGameID: pgtype.Text{String: cmd.PartnerGameID, Valid: true},
		})
	})
	if err != nil {
		return err
	}

	// Point the league game at the new booking; clearing exported_at makes
	// the nightly export push the new time.
	if err := h.repo.RepointGame(ctx, db.RepointLeagueGameParams{
		PartnerGameID: cmd.PartnerGameID,
		BookingID:     moved,
		StartsAt:      cmd.NewStartsAt,
	}); err != nil {
		return fmt.Errorf("repoint game %s: %w", cmd.PartnerGameID, err)
	}
	h.log.InfoContext(ctx, "game rescheduled", "game", cmd.PartnerGameID, "from", cur.ID, "to", moved)
	return nil
}

// grantCreditHandler runs inside command.Transactional: the event claim and
// the ledger write commit together.
type grantCreditHandler struct {
	repo Repository
}

func (h *grantCreditHandler) Handle(ctx context.Context, cmd GrantCredit) error {
	fresh, err := h.repo.ClaimEvent(ctx, cmd.EventID, "league.ice_credit_granted")
	if err != nil || !fresh {
		return err
	}
	team, err := h.repo.TeamByPartnerID(ctx, cmd.PartnerTeamID)
	if err != nil {
		return err
	}
	return h.repo.AddCredit(ctx, db.InsertTeamCreditParams{
		TeamID:        team.ID,
		SourceEventID: cmd.EventID,
		Minutes:       cmd.Minutes,
		Reason:        cmd.Reason,
	})
}
