package claims

import (
	"context"
	"errors"
	"fmt"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"github.com/acme/clinic/internal/platform/events"
	"github.com/acme/clinic/internal/platform/gormrepo"
	"github.com/acme/clinic/internal/platform/ids"
	"github.com/acme/clinic/internal/platform/jobs"
	"github.com/acme/clinic/internal/provider/clearinghouse"
)

type submitPayload struct {
	ClaimID string `json:"claim_id"`
}

type Tasks struct {
	svc *Service
}

func NewTasks(svc *Service) *Tasks { return &Tasks{svc: svc} }

func (t *Tasks) Handlers() []jobs.TaskHandler {
	return []jobs.TaskHandler{{Type: jobs.TypeClaimSubmit, Fn: t.submit}}
}

func (t *Tasks) submit(ctx context.Context, task *asynq.Task) error {
	p, err := jobs.Decode[submitPayload](task)
	if err != nil {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	s := t.svc
	c, err := s.claims.Get(ctx, p.ClaimID)
	if errors.Is(err, gormrepo.ErrNotFound) {
		return fmt.Errorf("%w: claim %s vanished", asynq.SkipRetry, p.ClaimID)
	}
	if err != nil {
		return err
	}
	if c.Status != StatusDraft {
		return nil
	}
	sub, err := s.build(ctx, c)
	if err != nil {
		return err
	}
	resp, err := s.ch.Submit(ctx, sub)
	if err != nil {
		return fmt.Errorf("clearinghouse submit: %w", err)
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		status := StatusSubmitted
		switch resp.Status {
		case "rejected":
			status = StatusRejected
		case "denied":
			status = StatusDenied
		case "adjudicated":
			status = StatusAdjudicated
		}
		if err := tx.Model(&Claim{}).Where("id = ?", c.ID).Updates(map[string]any{
			"status":            status,
			"clearinghouse_ref": resp.ClaimRef,
		}).Error; err != nil {
			return err
		}
		if err := tx.Create(&Submission{
			ID: ids.NewUUID(), ClaimID: c.ID, Kind: "original", ClearinghouseRef: resp.ClaimRef,
		}).Error; err != nil {
			return err
		}
		if status == StatusAdjudicated && resp.Remittance != nil {
			return events.WriteGorm(tx, events.TopicClaimAdjudicated, adjudicatedEvent(c, resp))
		}
		return nil
	})
}

func adjudicatedEvent(c Claim, resp clearinghouse.Response) events.ClaimAdjudicated {
	return events.ClaimAdjudicated{
		ClaimID:          c.ID,
		ClearinghouseRef: resp.ClaimRef,
		TraceNumber:      resp.Remittance.TraceNumber,
		PaidCents:        resp.Remittance.PaidCents,
		PatientRespCents: resp.Remittance.PatientRespCents,
	}
}

type Remittances struct {
	db   *gorm.DB
	jobs jobs.Enqueuer
}

func NewRemittances(db *gorm.DB, enq jobs.Enqueuer) *Remittances {
	return &Remittances{db: db, jobs: enq}
}

func (r *Remittances) Subscriptions() []events.Subscription {
	return []events.Subscription{
		{Name: "claims.apply-remittance", Topic: events.TopicClaimAdjudicated, Handle: r.apply},
	}
}

type statementPayload struct {
	ClaimID          string `json:"claim_id"`
	PatientRespCents int64  `json:"patient_resp_cents"`
}

// apply posts the payer's remittance against the claim and asks the
// statements worker to bill the patient's share.
func (r *Remittances) apply(msg *message.Message) error {
	ctx := msg.Context()
	ev, err := events.Decode[events.ClaimAdjudicated](msg.Payload)
	if err != nil {
		return fmt.Errorf("decode claim.adjudicated: %w", err)
	}
	err = r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&Remittance{
			ID:               ids.NewUUID(),
			ClaimID:          ev.ClaimID,
			TraceNumber:      ev.TraceNumber,
			PaidCents:        ev.PaidCents,
			PatientRespCents: ev.PatientRespCents,
		}).Error; err != nil {
			return err
		}
		return tx.Model(&Claim{}).Where("id = ?", ev.ClaimID).
			UpdateColumn("paid_cents", gorm.Expr("paid_cents + ?", ev.PaidCents)).Error
	})
	if err != nil {
		return err
	}
	if ev.PatientRespCents == 0 {
		return nil
	}
	task, err := jobs.NewTask(jobs.TypePatientStatement, statementPayload{
		ClaimID: ev.ClaimID, PatientRespCents: ev.PatientRespCents,
	})
	if err != nil {
		return err
	}
	_, err = r.jobs.EnqueueContext(ctx, task, asynq.TaskID(ids.NewXID()), asynq.Queue("statements"))
	return err
}
