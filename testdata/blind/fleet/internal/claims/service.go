// Package claims handles damage claims: intake at the desk, filing with
// the insurer and recharging the customer's excess.
package claims

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/segmentio/ksuid"

	"github.com/acme/fleet/internal/config"
	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
	"github.com/acme/fleet/internal/provider/insurer"
)

// Tx runs fn in a database transaction.
type Tx interface {
	InTx(ctx context.Context, fn func(q db.Ext) error) error
}

type ClaimRepo interface {
	Insert(ctx context.Context, q db.Ext, c domain.Claim) error
	Get(ctx context.Context, q db.Ext, id string) (domain.Claim, error)
	MarkFiled(ctx context.Context, q db.Ext, id, claimNo string) error
	SetExcess(ctx context.Context, q db.Ext, id string, cents int64) error
}

type RentalRepo interface {
	Get(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Rental, error)
	FlagDamage(ctx context.Context, q db.Ext, id uuid.UUID) error
}

type VehicleRepo interface {
	Get(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Vehicle, error)
}

// Insurer files claims with the insurance company.
type Insurer interface {
	FileClaim(ctx context.Context, req insurer.FileClaimRequest, opts ...insurer.RequestOption) (*insurer.FileClaimResponse, error)
}

// TaskEnqueuer schedules background tasks.
type TaskEnqueuer interface {
	Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) error
}

// ChargePublisher hands charge commands to the payments worker.
type ChargePublisher interface {
	PublishCharge(ctx context.Context, cmd domain.ChargeCommand) error
}

type Service struct {
	db       db.Ext
	tx       Tx
	claims   ClaimRepo
	rentals  RentalRepo
	vehicles VehicleRepo
	insurer  Insurer
	tasks    TaskEnqueuer
	charges  ChargePublisher
	policy   string
	log      *slog.Logger
	now      func() time.Time
}

func NewService(cfg config.Config, q db.Ext, tx Tx, claims ClaimRepo, rentals RentalRepo, vehicles VehicleRepo,
	ins Insurer, tasks TaskEnqueuer, charges ChargePublisher, log *slog.Logger) *Service {
	return &Service{
		db: q, tx: tx, claims: claims, rentals: rentals, vehicles: vehicles, insurer: ins,
		tasks: tasks, charges: charges, policy: cfg.InsurerPolicy, log: log, now: time.Now,
	}
}

// OpenInput is a damage report taken at the desk or in the app.
type OpenInput struct {
	RentalID    uuid.UUID
	IncidentAt  time.Time
	Description string
	PhotoURLs   []string
	ReportedBy  string
}

// Open records a damage claim and queues it for filing with the insurer.
func (s *Service) Open(ctx context.Context, in OpenInput) (domain.Claim, error) {
	if in.Description == "" {
		return domain.Claim{}, fmt.Errorf("%w: description is required", domain.ErrInvalidInput)
	}
	r, err := s.rentals.Get(ctx, s.db, in.RentalID)
	if err != nil {
		return domain.Claim{}, err
	}
	claim := domain.Claim{
		ID:          "clm_" + ksuid.New().String(),
		RentalID:    r.ID,
		VehicleID:   r.VehicleID,
		IncidentAt:  in.IncidentAt,
		Description: in.Description,
		PhotoURLs:   in.PhotoURLs,
		Status:      domain.ClaimOpen,
		ReportedBy:  in.ReportedBy,
		CreatedAt:   s.now(),
	}
	err = s.tx.InTx(ctx, func(q db.Ext) error {
		if err := s.claims.Insert(ctx, q, claim); err != nil {
			return err
		}
		return s.rentals.FlagDamage(ctx, q, r.ID)
	})
	if err != nil {
		return domain.Claim{}, err
	}

	err = s.tasks.Enqueue(ctx, domain.TaskClaimSubmit, domain.ClaimSubmitPayload{ClaimID: claim.ID},
		asynq.TaskID("claim-submit:"+claim.ID), asynq.MaxRetry(20), asynq.Queue("partners"))
	if err != nil {
		s.log.WarnContext(ctx, "queueing claim submission failed", "claim_id", claim.ID, "err", err)
	}
	return claim, nil
}

// Submit files an open claim with the insurer.
func (s *Service) Submit(ctx context.Context, claimID string) error {
	c, err := s.claims.Get(ctx, s.db, claimID)
	if err != nil {
		return err
	}
	if c.Status != domain.ClaimOpen {
		return nil
	}
	v, err := s.vehicles.Get(ctx, s.db, c.VehicleID)
	if err != nil {
		return err
	}
	resp, err := s.insurer.FileClaim(ctx, insurer.FileClaimRequest{
		PolicyNumber: s.policy,
		VehicleVIN:   v.VIN,
		Plate:        v.Plate,
		IncidentAt:   c.IncidentAt,
		Description:  c.Description,
		PhotoURLs:    c.PhotoURLs,
		Reference:    c.ID,
	})
	if err != nil {
		return fmt.Errorf("file claim %s: %w", c.ID, err)
	}
	s.log.InfoContext(ctx, "claim filed", "claim_id", c.ID, "insurer_claim_no", resp.ClaimNumber)
	return s.claims.MarkFiled(ctx, s.db, c.ID, resp.ClaimNumber)
}

// ChargeExcess sets the excess the customer owes on a filed claim and asks
// the payments worker to collect it.
func (s *Service) ChargeExcess(ctx context.Context, claimID string, cents int64) (domain.Claim, error) {
	if cents <= 0 {
		return domain.Claim{}, fmt.Errorf("%w: excess must be positive", domain.ErrInvalidInput)
	}
	c, err := s.claims.Get(ctx, s.db, claimID)
	if err != nil {
		return domain.Claim{}, err
	}
	if c.Status != domain.ClaimFiled {
		return domain.Claim{}, fmt.Errorf("%w: claim is %s", domain.ErrInvalidState, c.Status)
	}
	r, err := s.rentals.Get(ctx, s.db, c.RentalID)
	if err != nil {
		return domain.Claim{}, err
	}
	if err := s.claims.SetExcess(ctx, s.db, c.ID, cents); err != nil {
		return domain.Claim{}, err
	}
	err = s.charges.PublishCharge(ctx, domain.ChargeCommand{
		CommandID:   "excess:" + c.ID,
		CustomerID:  r.CustomerID,
		AmountCents: cents,
		SubjectType: domain.SubjectClaimExcess,
		SubjectID:   c.ID,
		Description: "Damage excess, insurer claim " + c.InsurerClaimNo,
	})
	if err != nil {
		return domain.Claim{}, err
	}
	c.ExcessCents = cents
	return c, nil
}
