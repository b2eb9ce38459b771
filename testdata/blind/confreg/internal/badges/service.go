// Package badges handles badge reprints requested by the registration desk
// and the print shop's job callbacks.
package badges

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/providers/printshop"
	"github.com/halcyonevents/confreg/internal/store"
)

// Service is the badge use-case API.
type Service interface {
	Reprint(ctx context.Context, in ReprintInput) (*domain.Badge, error)
	HandleCallback(ctx context.Context, cb printshop.Callback) error
}

// ReprintInput asks for a replacement badge, e.g. after a name correction.
type ReprintInput struct {
	BadgeID      uuid.UUID
	PrintName    string
	PrintCompany string
	Reason       string
}

// Printer submits print jobs.
type Printer interface {
	SubmitJob(ctx context.Context, req printshop.JobRequest) (*printshop.Job, error)
}

// Store is the badge persistence the service needs.
type Store interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Badge, error)
	ByPrintJob(ctx context.Context, jobID string) (*domain.Badge, error)
	RecordReprint(ctx context.Context, id uuid.UUID, jobID string, at time.Time) error
	MarkPrinted(ctx context.Context, id uuid.UUID, at time.Time) error
}

// Transactor runs fn in a transaction.
type Transactor interface {
	Do(ctx context.Context, fn func(r *store.Repos) error) error
}

type service struct {
	store   Store
	printer Printer
	tx      Transactor
	now     func() time.Time
	log     *slog.Logger
}

// New builds the service.
func New(st Store, printer Printer, tx Transactor, log *slog.Logger) Service {
	return &service{store: st, printer: printer, tx: tx, now: time.Now, log: log}
}

// Artwork is the template merge for a badge.
func Artwork(b *domain.Badge) printshop.Artwork {
	return printshop.Artwork{
		Template: "badge-2025-v3",
		Fields: map[string]string{
			"name":    b.PrintName,
			"company": b.PrintCompany,
			"qr":      b.QRToken,
		},
	}
}

func (s *service) Reprint(ctx context.Context, in ReprintInput) (*domain.Badge, error) {
	b, err := s.store.Get(ctx, in.BadgeID)
	if err != nil {
		return nil, err
	}
	if in.PrintName != "" {
		b.PrintName = in.PrintName
	}
	if in.PrintCompany != "" {
		b.PrintCompany = in.PrintCompany
	}

	job, err := s.printer.SubmitJob(ctx, printshop.JobRequest{
		Product:  "badge-pvc-cr80",
		Quantity: 1,
		Artwork:  Artwork(b),
		Priority: "same_day",
	})
	if err != nil {
		return nil, fmt.Errorf("submit reprint: %w", err)
	}

	now := s.now().UTC()
	if err := s.store.RecordReprint(ctx, b.ID, job.ID, now); err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "badge reprint submitted", "badge_id", b.ID, "job_id", job.ID, "reason", in.Reason)
	b.PrintJobID = &job.ID
	b.ReprintCount++
	b.Status = domain.BadgeSubmitted
	return b, nil
}

func (s *service) HandleCallback(ctx context.Context, cb printshop.Callback) error {
	b, err := s.store.ByPrintJob(ctx, cb.JobID)
	if err != nil {
		return fmt.Errorf("badge for job %s: %w", cb.JobID, err)
	}
	now := s.now().UTC()

	switch cb.Event {
	case "printed":
		return s.store.MarkPrinted(ctx, b.ID, now)
	case "shipped":
		shipment := &domain.BadgeShipment{
			ID:             uuid.New(),
			BadgeID:        b.ID,
			PrintJobID:     cb.JobID,
			Carrier:        cb.Carrier,
			TrackingNumber: cb.TrackingNumber,
			ShippedAt:      cb.OccurredAt,
			CreatedAt:      now,
		}
		return s.tx.Do(ctx, func(r *store.Repos) error {
			if err := r.Badges.InsertShipment(ctx, shipment); err != nil {
				return err
			}
			return r.Badges.MarkShipped(ctx, b.ID, now)
		})
	default:
		s.log.DebugContext(ctx, "ignoring print callback", "event", cb.Event, "job_id", cb.JobID)
		return nil
	}
}
