// Package donations records collected donations and splits them into
// quarantined components awaiting lab release.
package donations

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/jobs"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
	"github.com/hemolink-systems/bloodbank/internal/platform/ids"
)

// RecordRequest is sent by the collection-site tablet when a bag is sealed.
type RecordRequest struct {
	DonationNumber string                 `json:"donation_number"`
	DonorID        uuid.UUID              `json:"donor_id"`
	AppointmentID  *uuid.UUID             `json:"appointment_id,omitempty"`
	SiteID         uuid.UUID              `json:"site_id"`
	DonationType   string                 `json:"donation_type"`
	VolumeML       int                    `json:"volume_ml"`
	CollectedAt    time.Time              `json:"collected_at"`
	BloodGroup     string                 `json:"blood_group"`
	Components     []domain.ComponentKind `json:"components"`
}

func (r RecordRequest) validate() error {
	switch {
	case len(r.DonationNumber) < 13:
		return fmt.Errorf("donation_number %q: %w", r.DonationNumber, domain.ErrInvalid)
	case r.DonorID == uuid.Nil || r.SiteID == uuid.Nil:
		return fmt.Errorf("donor_id and site_id required: %w", domain.ErrInvalid)
	case r.VolumeML <= 0 || r.VolumeML > 900:
		return fmt.Errorf("volume_ml %d: %w", r.VolumeML, domain.ErrInvalid)
	case len(r.Components) == 0:
		return fmt.Errorf("components required: %w", domain.ErrInvalid)
	}
	return nil
}

type Service interface {
	Record(ctx context.Context, req RecordRequest) (domain.Donation, error)
}

type service struct {
	repo Repository
	tx   database.TxRunner
	jobs jobs.Enqueuer
}

func NewService(repo Repository, tx database.TxRunner, enq jobs.Enqueuer) Service {
	return &service{repo: repo, tx: tx, jobs: enq}
}

func (s *service) Record(ctx context.Context, req RecordRequest) (domain.Donation, error) {
	if err := req.validate(); err != nil {
		return domain.Donation{}, err
	}
	var saved domain.Donation
	err := s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		d, err := s.repo.UpsertDonation(ctx, tx, domain.Donation{
			ID:             uuid.New(),
			DonationNumber: req.DonationNumber,
			DonorID:        req.DonorID,
			AppointmentID:  req.AppointmentID,
			SiteID:         req.SiteID,
			DonationType:   req.DonationType,
			VolumeML:       req.VolumeML,
			CollectedAt:    req.CollectedAt.UTC(),
		})
		if err != nil {
			return fmt.Errorf("upsert donation: %w", err)
		}
		for _, kind := range req.Components {
			c := domain.Component{
				ID:         uuid.New(),
				UnitNumber: ids.UnitNumber(d.DonationNumber, kind.ProductCode()),
				DonationID: d.ID,
				Kind:       kind,
				BloodGroup: req.BloodGroup,
				ExpiresAt:  d.CollectedAt.Add(kind.ShelfLife()),
			}
			if err := s.repo.InsertComponent(ctx, tx, c); err != nil {
				return fmt.Errorf("component %s: %w", c.UnitNumber, err)
			}
		}
		if req.AppointmentID != nil {
			if err := s.repo.MarkAttended(ctx, tx, *req.AppointmentID); err != nil {
				return err
			}
		}
		saved = d
		return nil
	})
	if err != nil {
		return domain.Donation{}, err
	}

	// The manifest task is keyed on the donation number, so a tablet that
	// resubmits the same bag does not queue a second submission.
	_, err = s.jobs.Enqueue(ctx, jobs.TypeLabManifest,
		jobs.LabManifestPayload{DonationNumber: saved.DonationNumber},
		asynq.TaskID("lab-manifest:"+saved.DonationNumber),
		asynq.Queue(jobs.QueueDefault),
		asynq.MaxRetry(20),
	)
	if err != nil {
		return domain.Donation{}, err
	}
	return saved, nil
}
