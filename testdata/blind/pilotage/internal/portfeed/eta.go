package portfeed

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/rs/xid"
	"github.com/segmentio/kafka-go"

	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/outbox"
	"github.com/harbourline-systems/pilotage/internal/store"
)

// EtaTopic carries pre-arrival notices lodged with the port authority.
const EtaTopic = "port.eta-notices.v1"

type EtaNotice struct {
	NoticeID  string    `json:"notice_id"`
	VesselIMO string    `json:"vessel_imo"`
	ETA       time.Time `json:"eta"`
	Berth     string    `json:"berth"`
}

// EtaHandler keeps the latest ETA per notice and books a pilot for
// vessels whose agent has a standing order.
type EtaHandler struct {
	uow    store.UnitOfWork
	events *outbox.Writer
	log    *slog.Logger
}

func NewEtaHandler(uow store.UnitOfWork, events *outbox.Writer, log *slog.Logger) *EtaHandler {
	return &EtaHandler{uow: uow, events: events, log: log.With("handler", EtaTopic)}
}

func (h *EtaHandler) Handle(ctx context.Context, msg kafka.Message) error {
	var n EtaNotice
	if err := json.Unmarshal(msg.Value, &n); err != nil || n.NoticeID == "" {
		h.log.Error("dropping malformed ETA notice", "offset", msg.Offset, "err", err)
		return nil
	}
	return h.uow.WithinTx(ctx, func(ctx context.Context, q *db.Queries) error {
		err := q.UpsertEtaNotice(ctx, db.UpsertEtaNoticeParams{
			NoticeID:  n.NoticeID,
			VesselImo: n.VesselIMO,
			Eta:       n.ETA,
			Berth:     n.Berth,
		})
		if err != nil {
			return fmt.Errorf("upsert eta notice: %w", err)
		}

		so, err := q.FindStandingOrder(ctx, n.VesselIMO)
		if store.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		berth := n.Berth
		if berth == "" {
			berth = so.Berth
		}
		job, err := q.CreateJob(ctx, db.CreateJobParams{
			ID:           xid.New().String(),
			AgentID:      so.AgentID,
			VesselImo:    so.VesselImo,
			VesselName:   so.VesselName,
			GrossTonnage: so.GrossTonnage,
			Movement:     "arrival",
			Berth:        berth,
			ScheduledAt:  n.ETA.Add(-90 * time.Minute), // pilot boards at the outer station
			Source:       "standing_order",
		})
		if err != nil {
			return fmt.Errorf("book standing order for %s: %w", n.VesselIMO, err)
		}
		return h.events.Enqueue(ctx, outbox.JobEventsTopic, outbox.Event{
			Type:    "job.requested",
			Key:     job.ID,
			Payload: map[string]any{"job_id": job.ID, "agent_id": job.AgentID, "source": job.Source, "notice_id": n.NoticeID},
		})
	})
}
