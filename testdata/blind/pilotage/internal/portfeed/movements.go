// Package portfeed consumes the port authority's vessel traffic feeds.
package portfeed

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/rs/xid"
	"github.com/segmentio/kafka-go"

	"github.com/harbourline-systems/pilotage/internal/billing"
	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/store"
	"github.com/harbourline-systems/pilotage/internal/tariff"
)

// MovementsTopic carries actual-time movement reports (ATA/ATD/shift)
// from the vessel traffic service.
const MovementsTopic = "port.movements.v1"

// MovementReport is the VTS's record of a completed movement. For piloted
// movements it echoes our job id back in pilotage_ref.
type MovementReport struct {
	ReportID     string    `json:"report_id"`
	PilotageRef  string    `json:"pilotage_ref"`
	VesselIMO    string    `json:"vessel_imo"`
	Kind         string    `json:"kind"`
	GrossTonnage int32     `json:"gross_tonnage"`
	OccurredAt   time.Time `json:"occurred_at"`
}

// MovementKey identifies a report for de-duplication.
func MovementKey(msg kafka.Message) string {
	for _, h := range msg.Headers {
		if h.Key == "report-id" {
			return string(h.Value)
		}
	}
	return string(msg.Key)
}

type MovementHandler struct {
	uow store.UnitOfWork
	log *slog.Logger
}

func NewMovementHandler(uow store.UnitOfWork, log *slog.Logger) *MovementHandler {
	return &MovementHandler{uow: uow, log: log.With("handler", MovementsTopic)}
}

// Handle records the movement and, for a piloted movement, books the
// pilotage dues at the tonnage the VTS measured and completes the job.
func (h *MovementHandler) Handle(ctx context.Context, msg kafka.Message) error {
	var r MovementReport
	if err := json.Unmarshal(msg.Value, &r); err != nil || r.ReportID == "" {
		h.log.Error("dropping malformed movement report", "offset", msg.Offset, "err", err)
		return nil
	}
	return h.uow.WithinTx(ctx, func(ctx context.Context, q *db.Queries) error {
		var jobRef *string
		if r.PilotageRef != "" {
			jobRef = &r.PilotageRef
		}
		err := q.InsertVesselMovement(ctx, db.InsertVesselMovementParams{
			ID:           xid.New().String(),
			ReportID:     r.ReportID,
			JobID:        jobRef,
			VesselImo:    r.VesselIMO,
			Kind:         r.Kind,
			GrossTonnage: r.GrossTonnage,
			OccurredAt:   r.OccurredAt,
		})
		if err != nil {
			return fmt.Errorf("insert movement: %w", err)
		}
		if jobRef == nil {
			return nil
		}

		job, err := q.GetJob(ctx, *jobRef)
		if store.IsNotFound(err) {
			h.log.Warn("movement names an unknown job", "report_id", r.ReportID, "job_id", *jobRef)
			return nil
		}
		if err != nil {
			return err
		}
		err = q.InsertDuesLine(ctx, db.InsertDuesLineParams{
			ID:          xid.New().String(),
			JobID:       job.ID,
			AgentID:     job.AgentID,
			Kind:        billing.KindPilotage,
			Description: fmt.Sprintf("Pilotage %s %s, %d GT", job.Movement, job.VesselName, r.GrossTonnage),
			AmountCents: tariff.PilotageDues(job.Movement, r.GrossTonnage),
		})
		if err != nil {
			return fmt.Errorf("insert dues: %w", err)
		}
		_, err = q.CompleteJob(ctx, job.ID)
		return err
	})
}
