package httpapi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline-arena/rinkops/internal/db"
	"github.com/frostline-arena/rinkops/internal/leagues"
	"github.com/frostline-arena/rinkops/internal/maintenance"
	"github.com/frostline-arena/rinkops/internal/passes"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/providers/cardpay"
	"github.com/frostline-arena/rinkops/internal/providers/icecare"
	"github.com/frostline-arena/rinkops/internal/tasks"
)

const maxWebhookBody = 1 << 20

// CardpayEvents remembers which Cardpay event IDs we have handled.
type CardpayEvents struct {
	pool *pgxpool.Pool
}

func NewCardpayEvents(pool *pgxpool.Pool) *CardpayEvents { return &CardpayEvents{pool: pool} }

func (e *CardpayEvents) Seen(ctx context.Context, eventID string) (bool, error) {
	return db.New(e.pool).CardpayEventSeen(ctx, eventID)
}

func (e *CardpayEvents) Record(ctx context.Context, eventID, eventType string) error {
	return db.New(e.pool).RecordCardpayEvent(ctx, eventID, eventType)
}

// CardpayWebhook receives payment events. Cardpay redelivers any event that
// does not get a 2xx within ten seconds.
type CardpayWebhook struct {
	secret  string
	events  *CardpayEvents
	leagues *leagues.Commands
	teams   leagues.Repository
	passes  *passes.Commands
	queue   platform.Enqueuer
	log     *slog.Logger
}

func NewCardpayWebhook(
	cfg platform.CardpayConfig,
	events *CardpayEvents,
	lc *leagues.Commands,
	teams leagues.Repository,
	pc *passes.Commands,
	queue platform.Enqueuer,
	log *slog.Logger,
) *CardpayWebhook {
	return &CardpayWebhook{secret: cfg.WebhookSecret, events: events, leagues: lc, teams: teams, passes: pc, queue: queue, log: log}
}

func (h *CardpayWebhook) Handle(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	evt, err := cardpay.ParseEvent(h.secret, c.GetHeader(cardpay.SignatureHeader), body)
	if err != nil {
		h.log.WarnContext(c, "cardpay webhook rejected", "err", err)
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	ctx := c.Request.Context()

	seen, err := h.events.Seen(ctx, evt.ID)
	if err != nil {
		platform.RespondError(c, err)
		return
	}
	if seen {
		c.Status(http.StatusOK)
		return
	}
	if err := h.dispatch(ctx, evt); err != nil {
		platform.RespondError(c, err)
		return
	}
	if err := h.events.Record(ctx, evt.ID, evt.Type); err != nil {
		platform.RespondError(c, err)
		return
	}
	c.Status(http.StatusOK)
}

func (h *CardpayWebhook) dispatch(ctx context.Context, evt *cardpay.Event) error {
	if evt.Type != "charge.succeeded" {
		return nil
	}
	d, err := evt.ChargeData()
	if err != nil {
		return fmt.Errorf("%w: %v", platform.ErrInvalid, err)
	}
	switch d.Metadata["kind"] {
	case "pass_renewal":
		passID, err := uuid.Parse(d.Metadata["pass_id"])
		if err != nil {
			return fmt.Errorf("%w: pass_id", platform.ErrInvalid)
		}
		return h.passes.ConfirmRenewal.Handle(ctx, passes.ConfirmRenewal{
			PassID:   passID,
			Period:   d.Metadata["period"],
			ChargeID: d.ChargeID,
		})
	case "ice_booking":
		bookingID, err := uuid.Parse(d.Metadata["booking_id"])
		if err != nil {
			return fmt.Errorf("%w: booking_id", platform.ErrInvalid)
		}
		if err := h.leagues.RecordPayment.Handle(ctx, leagues.RecordBookingPayment{BookingID: bookingID, ChargeID: d.ChargeID}); err != nil {
			return err
		}
		return h.queueReceipt(ctx, bookingID, d)
	default:
		return nil
	}
}

func (h *CardpayWebhook) queueReceipt(ctx context.Context, bookingID uuid.UUID, d *cardpay.ChargeEventData) error {
	b, err := h.teams.Booking(ctx, bookingID)
	if err != nil {
		return err
	}
	team, err := h.teams.Team(ctx, b.TeamID)
	if err != nil {
		return err
	}
	task, err := tasks.New(tasks.TypeSendReceipt, tasks.SendReceipt{
		ChargeID:    d.ChargeID,
		Email:       team.CaptainEmail,
		Description: fmt.Sprintf("Ice time %s, %s", b.RinkID, b.StartsAt.Format("Mon Jan 2 15:04")),
		AmountCents: d.AmountCents,
	})
	if err != nil {
		return err
	}
	return platform.EnqueueOnce(ctx, h.queue, task, "receipt:"+d.ChargeID)
}

// IceCareWebhook receives job updates from the maintenance contractor.
type IceCareWebhook struct {
	secret string
	cmds   *maintenance.Commands
	log    *slog.Logger
}

func NewIceCareWebhook(cfg platform.IceCareConfig, cmds *maintenance.Commands, log *slog.Logger) *IceCareWebhook {
	return &IceCareWebhook{secret: cfg.WebhookSecret, cmds: cmds, log: log}
}

func (h *IceCareWebhook) Handle(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	evt, err := icecare.ParseEvent(h.secret, c.GetHeader(icecare.SignatureHeader), body)
	if err != nil {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	err = h.cmds.Contractor.Handle(c.Request.Context(), maintenance.ContractorUpdate{Event: *evt})
	if errors.Is(err, platform.ErrNotFound) {
		// A job we did not open (IceCare sometimes books preventive visits
		// directly). Acknowledge so it stops redelivering.
		h.log.InfoContext(c, "icecare event for unknown job", "job", evt.JobID, "type", evt.Type)
		c.Status(http.StatusAccepted)
		return
	}
	if err != nil {
		platform.RespondError(c, err)
		return
	}
	c.Status(http.StatusOK)
}
