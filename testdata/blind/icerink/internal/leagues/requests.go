package leagues

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/frostline-arena/rinkops/internal/db"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/providers/partnerq"
)

// EventPublisher sends booking events to the league.
type EventPublisher interface {
	Publish(ctx context.Context, groupID string, evt partnerq.Outbound) error
}

type requestIceTimeHandler struct {
	repo Repository
}

func (h *requestIceTimeHandler) Handle(ctx context.Context, cmd RequestIceTime) error {
	if _, err := h.repo.Team(ctx, cmd.TeamID); err != nil {
		return err
	}
	_, err := h.repo.CreateIceRequest(ctx, db.InsertIceRequestParams{
		ID:       cmd.ID,
		TeamID:   cmd.TeamID,
		RinkID:   cmd.RinkID,
		StartsAt: cmd.StartsAt,
		EndsAt:   cmd.EndsAt,
		Note:     cmd.Note,
	})
	return err
}

type approveIceRequestHandler struct {
	repo   Repository
	tx     platform.TxRunner
	events EventPublisher
	log    *slog.Logger
}

type bookingConfirmed struct {
	BookingID     uuid.UUID `json:"booking_id"`
	PartnerTeamID string    `json:"team_id"`
	Rink          string    `json:"rink"`
	StartsAt      time.Time `json:"starts_at"`
	EndsAt        time.Time `json:"ends_at"`
}

func (h *approveIceRequestHandler) Handle(ctx context.Context, cmd ApproveIceRequest) error {
	var booking db.IceBooking
	err := h.tx.InTx(ctx, func(ctx context.Context) error {
		req, err := h.repo.IceRequest(ctx, cmd.RequestID)
		if err != nil {
			return err
		}
		if req.Status == "declined" {
			return fmt.Errorf("request %s was declined: %w", req.ID, platform.ErrConflict)
		}
		if _, err := h.repo.ApproveRequest(ctx, req.ID); err != nil {
			return err
		}
		// The booking shares the request's ID, so approving twice books once.
		if err := h.repo.CreateBooking(ctx, db.InsertIceBookingParams{
			ID:          req.ID,
			RequestID:   pgtype.UUID{Bytes: req.ID, Valid: true},
			TeamID:      req.TeamID,
			RinkID:      req.RinkID,
			StartsAt:    req.StartsAt,
			EndsAt:      req.EndsAt,
			AmountCents: cmd.AmountCents,
		}); err != nil {
			return err
		}
		booking, err = h.repo.Booking(ctx, req.ID)
		return err
	})
	if err != nil {
		return err
	}

	team, err := h.repo.Team(ctx, booking.TeamID)
	if err != nil {
		return err
	}
	// Announce after commit. If this fails the desk retries the approval,
	// which is a no-op above and announces again.
	return h.events.Publish(ctx, "team-"+team.PartnerTeamID, partnerq.Outbound{
		Type: "ice_booking.confirmed",
		Data: bookingConfirmed{
			BookingID:     booking.ID,
			PartnerTeamID: team.PartnerTeamID,
			Rink:          booking.RinkID,
			StartsAt:      booking.StartsAt,
			EndsAt:        booking.EndsAt,
		},
	})
}

// recordPaymentHandler attaches a Cardpay charge to a booking once the
// team's invoice is paid.
type recordPaymentHandler struct {
	repo Repository
	log  *slog.Logger
}

func (h *recordPaymentHandler) Handle(ctx context.Context, cmd RecordBookingPayment) error {
	set, err := h.repo.SetCharge(ctx, cmd.BookingID, cmd.ChargeID)
	if err != nil {
		return err
	}
	if !set {
		h.log.InfoContext(ctx, "booking already has a charge", "booking", cmd.BookingID, "charge", cmd.ChargeID)
	}
	return nil
}
